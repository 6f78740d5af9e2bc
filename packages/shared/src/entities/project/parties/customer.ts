import { defineEntity } from '../../../entity/define.ts';
import { partyFields } from './party-fields.ts';

/** Customer (/Customer): who signs our sales contracts and receives our invoices. */
export const customerMeta = defineEntity('Customer', 'customers', {
  businessKey: 'code',
  label: { en: 'Customers', zh: '客户' },
  singular: { en: 'customer', zh: '客户' },
  defaultSort: { field: 'code', order: 'asc' },
  softDelete: true,
  fields: partyFields('customer'),
});
