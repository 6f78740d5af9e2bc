import * as field from '../../../entity/define.ts';
import { at, find, width } from '../../../entity/define.ts';
import type { FieldMeta } from '../../../entity/metadata.ts';
import { refUnder, sameContract } from '../refs.ts';

/**
 * The sales side of a project (docs/domain.md §2.4, §2.11, §2.12): the customer contract and its
 * payment terms, the invoices issued against it, and the money received with its allocation to
 * invoices. Totals marked readOnly are kept by the server in the transaction that changes them.
 */

/** A money field (numeric(18,2), a decimal string on the wire). */
export const money = (name: string, en: string, zh: string, extra?: field.FieldExtra): FieldMeta =>
  field.amount(name, en, zh, { summary: 'sum', list: width(130), ...extra });

export const taxRate = (place: { row: number; col: number }): FieldMeta =>
  field.percent('taxRate', 'Tax rate %', '税率%', { required: true, default: '13', edit: place, list: width(80) });

/** Set by the server from the contract (the data scope "my projects" reads it), never by the form. */
export const projectOf: FieldMeta = field.project({ search: find(1, 3, 'eq'), list: width(200) });

/** The payment term of the chosen contract that a receipt or an invoice settles. */
export const paymentTermField: FieldMeta = field.reference(
  'paymentTermId',
  refUnder('contract_payment_terms', 'name', sameContract),
  'Payment term',
  '收款节点',
  { edit: at(2, 1), list: width(120) },
);
