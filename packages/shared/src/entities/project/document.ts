import * as field from '../../entity/define.ts';
import { at, type Definition, defineEntity, find, hidden, width } from '../../entity/define.ts';
import type { FieldMeta } from '../../entity/metadata.ts';

/** What the records and documents of the project area say alike (docs/domain.md §2). */

type ProjectRecord = Omit<Definition, 'softDelete' | 'scope'>;
type ProjectDocument = Omit<ProjectRecord, 'businessKey' | 'defaultSort'> & Partial<Pick<Definition, 'defaultSort'>>;

/** A record of a project: deleted softly, and seen by whoever may see its project (the data scope). */
export const defineProjectRecord = (name: string, table: string, record: ProjectRecord) =>
  defineEntity(name, table, { softDelete: true, scope: { project: 'projectId' }, ...record });

/** A numbered document of a project: named by its number, and listed newest number first unless it sorts otherwise. */
export const defineDocument = (name: string, table: string, document: ProjectDocument) =>
  defineProjectRecord(name, table, { businessKey: 'code', defaultSort: { field: 'code', order: 'desc' }, ...document });

/** A document's number: typed, or left empty and numbered by the server from `pattern` (HT{yyyy}-{seq:4}). */
export const documentNumber = (en: string, zh: string, pattern: string, extra?: field.FieldExtra): FieldMeta =>
  field.code(en, zh, {
    autoNumber: { pattern },
    sortable: true,
    search: find(1, 1, 'like'),
    edit: at(1, 1),
    list: width(130),
    ...extra,
  });

/** A date the document is kept by: required, sorted on, and listed. */
export const documentDate = (name: string, en: string, zh: string, extra?: field.FieldExtra): FieldMeta =>
  field.date(name, en, zh, { required: true, sortable: true, list: width(110), ...extra });

/** How an invoice's tax and total follow from its amount before tax and its tax rate (both invoices alike). */
export const invoiceTax = {
  taxAmount: 'round(amountExclTax * taxRate / 100, 2)',
  amountInclTax: 'amountExclTax + taxAmount',
};

/** The long remark a document ends with, across the form's whole row `row`. */
export const documentRemark = (row: number): FieldMeta => field.remark(2000, { edit: at(row, 1, 24), list: hidden });
