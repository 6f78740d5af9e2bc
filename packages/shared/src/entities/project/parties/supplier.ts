import { defineEntity } from '../../../entity/define.ts';
import { partyFields } from './party-fields.ts';

/** Supplier (/Supplier): whom we buy from; only qualified (enabled) suppliers take purchase contracts. */
export const supplierMeta = defineEntity('Supplier', 'suppliers', {
  businessKey: 'code',
  label: { en: 'Suppliers', zh: '供应商' },
  singular: { en: 'supplier', zh: '供应商' },
  defaultSort: { field: 'code', order: 'asc' },
  softDelete: true,
  fields: partyFields('supplier'),
});
