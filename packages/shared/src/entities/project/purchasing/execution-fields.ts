import * as field from '../../../entity/define.ts';
import { find, width } from '../../../entity/define.ts';
import type { FieldMeta } from '../../../entity/metadata.ts';
import { ref } from '../refs.ts';
import { projectField } from './purchasing-fields.ts';

export const contractField = (edit: { row: number; col: number }): FieldMeta =>
  // The contract brings its supplier and project (the server copies and checks them again).
  field.reference(
    'purchaseContractId',
    {
      ...ref('purchase_contract', 'code'),
      fills: [
        { field: 'supplierId', column: 'supplier_id' },
        { field: 'projectId', column: 'project_id' },
      ],
    },
    'Purchase contract',
    '采购合同',
    { required: true, search: find(2, 1, 'eq'), edit, list: width(140) },
  );

/** The supplier of the contract, copied by the server; on an invoice it is checked against the contract (PI3). */
export const supplierField = (edit?: { row: number; col: number }): FieldMeta => ({
  name: 'supplierId',
  type: 'reference',
  reference: ref('suppliers'),
  label: { en: 'Supplier', zh: '供应商' },
  search: find(2, 2, 'eq'),
  ...(edit ? { edit } : {}),
  list: width(180),
});

/** A receipt's or payment's contract, and the project and supplier it brings. */
export const againstContract: FieldMeta[] = [contractField({ row: 1, col: 2 }), projectField(), supplierField()];
