import { Alert, Calendar, Flex, Tag, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CALENDAR_CAP, isOnDay } from './calendar-month.ts';
import type { Row } from './page-wheres.ts';

type Props = {
  uid: string;
  month: Dayjs;
  onMonth: (month: Dayjs) => void;
  rows: readonly Row[];
  total: number;
  rowKey: (row: Row) => string;
  titleOf: (row: Row) => string;
  dateField: string;
  endField: string | null;
  /** Given: a click on a day adds a row on it. */
  onAdd?: (day: Dayjs) => void;
  /** Given: a click on an entry opens it. */
  onOpen?: (row: Row) => void;
};

/** A month of rows on antd's calendar: each on its day (or days, to its end date). */
export function CalendarView(props: Props) {
  const { t } = useTranslation();
  const { month, rows, dateField, endField } = props;
  return (
    <Flex vertical gap={4} data-testid={`block-${props.uid}-calendar`}>
      {props.total > CALENDAR_CAP && (
        <Alert type="info" showIcon title={t('pageBlocks.calendarCapped', { count: CALENDAR_CAP })} />
      )}
      <Calendar
        value={month}
        mode="month"
        onPanelChange={(date) => props.onMonth(date.startOf('month'))}
        onSelect={(date, info) => {
          if (info.source !== 'date') return;
          if (!date.isSame(month, 'month')) props.onMonth(date.startOf('month'));
          else props.onAdd?.(date);
        }}
        cellRender={(date, info) => {
          if (info.type !== 'date') return info.originNode;
          const day = date.format('YYYY-MM-DD');
          const on = rows.filter((r) => isOnDay(r, day, dateField, endField));
          return (
            <Flex vertical gap={2} aria-label={props.onAdd ? t('pageBlocks.addOn', { date: day }) : undefined}>
              {on.map((row) => (
                <Tooltip key={props.rowKey(row)} title={props.titleOf(row)}>
                  <Tag
                    color="blue"
                    style={{
                      cursor: props.onOpen ? 'pointer' : undefined,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                    }}
                    onClick={(e) => {
                      // The entry opens; the day under it is not clicked too (that would add a row).
                      e.stopPropagation();
                      props.onOpen?.(row);
                    }}
                  >
                    {props.titleOf(row)}
                  </Tag>
                </Tooltip>
              ))}
            </Flex>
          );
        }}
      />
    </Flex>
  );
}
