import { defineParty } from './party-fields.ts';

/** Customer (/Customer): who signs our sales contracts and receives our invoices. */
export const customerMeta = defineParty('Customer', 'customers', 'customer', {
  label: { en: 'Customers', zh: '客户' },
  singular: { en: 'customer', zh: '客户' },
});
