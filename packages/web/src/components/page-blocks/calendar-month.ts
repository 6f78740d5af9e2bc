import type { BlockProps, EntityMeta, FieldMeta, Where } from '@trestle/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { Row } from './page-wheres.ts';

/** At most this many rows a month: a calendar shows a month, never a table (it says so when there were more). */
export const CALENDAR_CAP = 200;

const DAY = 'YYYY-MM-DD';
/** The one date-time form the engine takes in a filter: seconds and an offset. */
const MOMENT = 'YYYY-MM-DDTHH:mm:ssZ';

/** A value of the date field as the engine compares it: a day, or a moment for a date-time field. */
const wire = (d: Dayjs, type: FieldMeta['type']) => (type === 'datetime' ? d.format(MOMENT) : d.format(DAY));

/** The rows of the month shown: the date field between its first and last day (a `between`, as ge and le). */
export function monthWheres(month: Dayjs, field: Pick<FieldMeta, 'name' | 'type'>): Where[] {
  const from = month.startOf('month');
  const to = month.endOf('month');
  return [
    { name: field.name, value: wire(from, field.type), displayType: 'ge' },
    { name: field.name, value: wire(to, field.type), displayType: 'le' },
  ];
}

/** The day a value of a date or date-time field falls on, in the reader's time zone; null when empty. */
export function dayOf(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value, DAY) : dayjs(value);
  return d.isValid() ? d.format(DAY) : null;
}

/** Whether a row is on `day`: its date, or a day up to its end date when it has one. */
export function isOnDay(row: Row, day: string, dateField: string, endField: string | null): boolean {
  const start = dayOf(row[dateField]);
  if (!start) return false;
  const end = (endField && dayOf(row[endField])) || start;
  return start <= day && day <= end;
}

/** A new row's date field on the day clicked: the day, or its start as a moment for a date-time field. */
export const prefillOf = (day: Dayjs, field: Pick<FieldMeta, 'type'>) =>
  field.type === 'datetime' ? day.startOf('day').format(MOMENT) : day.format(DAY);

/** The request of a calendar's month: sorted by its date when the list may be, capped. */
export function monthRequest(meta: EntityMeta, props: Pick<BlockProps<'calendar'>, 'dateField'>, month: Dayjs) {
  const date = meta.fields.find((f) => f.name === props.dateField);
  const sortable = date?.sortable === true;
  return {
    page: 1,
    rows: CALENDAR_CAP,
    ...(sortable ? { sort: props.dateField, order: 'asc' as const } : {}),
    wheres: date ? monthWheres(month, date) : [],
  };
}
