import { BUDGET_CATEGORIES } from '@trestle/shared';
import { dictionariesFrom } from './seed-dictionaries.ts';
import type { AreaSeed } from './seed-project.ts';
import dictionaryFile from './seed-purchasing.dictionaries.json' with { type: 'json' };
import { purchasingDemo } from './seed-purchasing-demo.ts';

const APPROVAL_BUTTONS = ['Search', 'Add', 'Update', 'Delete', 'Audit', 'Export'];
const ENTITY_BUTTONS = ['Search', 'Add', 'Update', 'Delete', 'Export'];
const PM_GRANTS = ['Search', 'Add', 'Update', 'Export'];

const menu = (code: string, name: string, nameZh: string, icon: string, buttons: string[]) => ({
  code,
  name,
  nameZh,
  url: `/${code}`,
  icon,
  parent: 'Project',
  buttons,
});

export const purchasingArea: AreaSeed = {
  menus: [
    menu('ProjectBuget', 'Budget', '项目预算', 'AccountBookOutlined', APPROVAL_BUTTONS),
    menu('ProjectPurchase', 'Purchase requests', '采购申请', 'ShoppingCartOutlined', APPROVAL_BUTTONS),
    menu('PurchaseContract', 'Purchase contracts', '采购合同', 'FileProtectOutlined', APPROVAL_BUTTONS),
    menu('PurchaseArrival', 'Arrivals', '到货签收', 'CarOutlined', ENTITY_BUTTONS),
    menu('PurchaseInvoice', 'Supplier invoices', '采购收票', 'FileTextOutlined', ENTITY_BUTTONS),
    menu('PurchasePayment', 'Supplier payments', '采购付款', 'PayCircleOutlined', APPROVAL_BUTTONS),
  ],
  dictionaries: dictionariesFrom(dictionaryFile, {
    budgetCategory: BUDGET_CATEGORIES.map(([v, en, zh]) => [v, en, zh]),
  }),
  pmGrants: {
    ProjectBuget: PM_GRANTS,
    ProjectPurchase: PM_GRANTS,
    PurchaseContract: PM_GRANTS,
    PurchaseArrival: PM_GRANTS,
    PurchaseInvoice: PM_GRANTS,
    PurchasePayment: PM_GRANTS,
  },
  demo: purchasingDemo,
};
