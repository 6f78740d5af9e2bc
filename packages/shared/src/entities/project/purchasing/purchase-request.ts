import * as field from '../../../entity/define.ts';
import { at, find, hidden } from '../../../entity/define.ts';
import { defineDocument, documentDate, documentNumber } from '../document.ts';
import { budgetWarningField, cachedMoney, employeeField, projectField, statusField } from './purchasing-fields.ts';

/** A draft until approved; approval and ordering move it on. */
const lifecycle = {
  initial: ['DRAFT'],
  next: {
    DRAFT: ['CANCELLED'],
    REJECTED: ['CANCELLED'],
    APPROVED: ['CLOSED'],
    PARTIALLY_ORDERED: ['CLOSED'],
    ORDERED: ['CLOSED'],
  },
};

/** ProjectPurchase (/ProjectPurchase): a purchase request (采购申请) against the project's budget. */
export const purchaseRequestMeta = defineDocument('ProjectPurchase', 'purchase_request', {
  label: { en: 'Purchase requests', zh: '采购申请' },
  singular: { en: 'purchase request', zh: '采购申请' },
  audit: true,
  details: [{ entity: 'PurchaseRequestLine', foreignKey: 'requestId' }],
  fields: [
    documentNumber('Request number', '申请单号', 'SQ{yyyy}-{seq:5}'),
    projectField({ row: 1, col: 2 }),
    employeeField('requesterId', { en: 'Requester', zh: '申请人' }, { row: 2, col: 1 }),
    documentDate('requestDate', 'Request date', '申请日期', { search: find(2, 1, 'range'), edit: at(2, 2) }),
    documentDate('requiredDate', 'Needed on site', '需求日期', { edit: at(3, 1) }),
    statusField('purchaseRequestStatus', lifecycle, at(3, 2)),
    cachedMoney('totalEstAmount', { en: 'Estimated total', zh: '预估金额' }),
    budgetWarningField,
    field.text('reason', 'Reason', '申请原因', { length: 2000, edit: at(4, 1, 24), list: hidden }),
  ],
});
