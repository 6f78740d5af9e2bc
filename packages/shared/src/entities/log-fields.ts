import * as field from '../entity/define.ts';
import { defineEntity, type FieldExtra, width } from '../entity/define.ts';
import type { FieldMeta, FieldType } from '../entity/metadata.ts';

/**
 * What the three log screens share: rows the server writes and no one edits, keyed by a bigint (a log
 * outgrows int4) and read newest first by the time they were written.
 */
type Label = { en: string; zh: string };
type Search = NonNullable<FieldMeta['search']>;

type Log = { label: Label; singular: Label; atSearch: Search; columns: FieldMeta[] };

/** A log entity: its key, then when the row was written (searched as a range at `atSearch`), then its columns. */
export const defineLog = (name: string, view: string, { label, singular, atSearch, columns }: Log) =>
  defineEntity(name, view, {
    keyField: field.bigId,
    label,
    singular,
    defaultSort: { field: 'at', order: 'desc' },
    fields: [field.loggedAt({ search: atSearch, list: width(170) }), ...columns],
  });

/** A column of a log, `px` wide in the list: read-only, since the server alone writes it. */
export const logColumn = (type: FieldType, name: string, en: string, zh: string, px: number, extra?: FieldExtra) =>
  field.of(type, name, en, zh, { readOnly: true, ...extra, list: width(px) });

/** Who made the request or the change, by user name. */
export const userColumn = (search: Search) => sortedLogColumn('string', 'userName', 'User', '用户', search, 120);

/** Where a request came from: the caller's address (searched at `addressSearch`) and browser. */
export const clientColumns = (addressSearch: Search, agentPx: number) => [
  logColumn('string', 'address', 'Address', 'IP地址', 130, { search: addressSearch }),
  logColumn('string', 'userAgent', 'Agent', '浏览器', agentPx),
];

/** A log column people sort on and search at `search`. */
export const sortedLogColumn = (
  type: FieldType,
  name: string,
  en: string,
  zh: string,
  search: Search,
  px: number,
  extra?: FieldExtra,
) => logColumn(type, name, en, zh, px, { sortable: true, search, ...extra });
