import { ui } from '@trestle/shared';
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** Dates travel as YYYY-MM-DD strings; dayjs lives only inside the pickers. */
export const DATE_FORMAT = 'YYYY-MM-DD';

export type DisabledDate = (date: Dayjs) => boolean;

const toDay = (s: unknown): Dayjs | null => {
  if (typeof s !== 'string' || s === '') return null;
  const d = dayjs(s, DATE_FORMAT, true);
  return d.isValid() ? d : null;
};

/** Spec §5: a typed date counts only if it parses as YYYY-MM-DD and no disabled-date rule excludes it. */
export function acceptTypedDate(text: string, disabledDate?: DisabledDate): string | null {
  const d = toDay(text.trim());
  if (!d || disabledDate?.(d)) return null;
  return d.format(DATE_FORMAT);
}

/** A range with the earlier date first; an end before the start is never kept. */
export function orderedRange(a: string | null, b: string | null): [string | null, string | null] {
  if (a && b && b < a) return [b, a];
  return [a, b];
}

/** What a form item hands its picker: the value as the server's text, and the field's id. */
type PickerProps = {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  id?: string;
};

type DateProps = PickerProps & {
  disabledDate?: DisabledDate;
  placeholder?: string;
};

export function DateInput({ value, onChange, disabled, disabledDate, id, placeholder }: DateProps) {
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      format={DATE_FORMAT}
      value={toDay(value)}
      disabled={disabled}
      disabledDate={disabledDate}
      placeholder={placeholder}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(DATE_FORMAT) : null)}
    />
  );
}

export type RangeValue = [string | null, string | null] | null;

type RangeProps = {
  value?: RangeValue;
  onChange?: (value: RangeValue) => void;
  disabled?: boolean;
  disabledDate?: DisabledDate;
  id?: string;
  open?: boolean;
  placeholder?: [string, string];
};

/**
 * Two adjacent months, first click starts and second completes, the pair sorted earlier first
 * (antd's `order`), the year panel steps a decade at a time.
 */
export function DateRangeInput({ value, onChange, disabled, disabledDate, id, open, placeholder }: RangeProps) {
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      format={DATE_FORMAT}
      order
      open={open}
      placeholder={placeholder}
      value={value ? [toDay(value[0]), toDay(value[1])] : null}
      disabled={disabled}
      disabledDate={disabledDate}
      onChange={(dates) => {
        if (!dates) return onChange?.(null);
        const [a, b] = dates;
        onChange?.(orderedRange(a ? a.format(DATE_FORMAT) : null, b ? b.format(DATE_FORMAT) : null));
      }}
    />
  );
}

type TimeProps = PickerProps & {
  hourStep?: number;
  minuteStep?: number;
  secondStep?: number;
};

/** HH:mm:ss (spec §9), hours 0-23 and minutes/seconds 0-59 with configurable steps. */
export function TimeInput({ value, onChange, disabled, id, hourStep, minuteStep, secondStep }: TimeProps) {
  const parsed = typeof value === 'string' && value ? dayjs(value, ui.timeFormat, true) : null;
  return (
    <TimePicker
      id={id}
      style={{ width: '100%' }}
      format={ui.timeFormat}
      value={parsed?.isValid() ? parsed : null}
      disabled={disabled}
      hourStep={hourStep as never}
      minuteStep={minuteStep as never}
      secondStep={secondStep as never}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(ui.timeFormat) : null)}
    />
  );
}
