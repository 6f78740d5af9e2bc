import { defineParty } from './party-fields.ts';

/** Supplier (/Supplier): whom we buy from; only qualified (enabled) suppliers take purchase contracts. */
export const supplierMeta = defineParty('Supplier', 'suppliers', 'supplier', {
  label: { en: 'Suppliers', zh: '供应商' },
  singular: { en: 'supplier', zh: '供应商' },
});
