import { BUDGET_CATEGORIES } from '@trestle/shared';
import type { AreaSeed } from './seed-project.ts';
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
  dictionaries: [
    {
      code: 'budgetType',
      name: 'Budget types',
      items: [
        ['INITIAL', 'Initial', '初始预算'],
        ['REVISED', 'Revised', '调整预算'],
        ['SUPPLEMENT', 'Supplement', '追加预算'],
      ],
    },
    {
      code: 'budgetStatus',
      name: 'Budget statuses',
      items: [
        ['DRAFT', 'Draft', '草稿'],
        ['IN_APPROVAL', 'In approval', '审批中'],
        ['APPROVED', 'Approved', '已批准'],
        ['SUPERSEDED', 'Superseded', '已替代'],
        ['REJECTED', 'Rejected', '已驳回'],
      ],
    },
    { code: 'budgetCategory', name: 'Budget categories', items: BUDGET_CATEGORIES.map(([v, en, zh]) => [v, en, zh]) },
    {
      code: 'budgetControlAction',
      name: 'Budget control',
      items: [
        ['STOP', 'Stop', '禁止'],
        ['WARN', 'Warn', '预警'],
        ['IGNORE', 'Ignore', '忽略'],
      ],
    },
    {
      code: 'purchaseRequestStatus',
      name: 'Purchase request statuses',
      items: [
        ['DRAFT', 'Draft', '草稿'],
        ['IN_APPROVAL', 'In approval', '审批中'],
        ['APPROVED', 'Approved', '已批准'],
        ['PARTIALLY_ORDERED', 'Partly ordered', '部分订购'],
        ['ORDERED', 'Ordered', '已订购'],
        ['CLOSED', 'Closed', '已关闭'],
        ['REJECTED', 'Rejected', '已驳回'],
        ['CANCELLED', 'Cancelled', '已取消'],
      ],
    },
    {
      code: 'purchaseContractStatus',
      name: 'Purchase contract statuses',
      items: [
        ['DRAFT', 'Draft', '草稿'],
        ['IN_APPROVAL', 'In approval', '审批中'],
        ['APPROVED', 'Approved', '已批准'],
        ['REJECTED', 'Rejected', '已驳回'],
        ['SIGNED', 'Signed', '已签订'],
        ['IN_EXECUTION', 'In execution', '执行中'],
        ['COMPLETED', 'Completed', '已完成'],
        ['CLOSED', 'Closed', '已关闭'],
        ['TERMINATED', 'Terminated', '已终止'],
        ['CANCELLED', 'Cancelled', '已取消'],
      ],
    },
    {
      code: 'purchaseReceiptStatus',
      name: 'Receipt progress',
      items: [
        ['NONE', 'Not received', '未到货'],
        ['PARTIAL', 'Partly received', '部分到货'],
        ['FULL', 'Received', '全部到货'],
      ],
    },
    {
      code: 'purchaseBillingStatus',
      name: 'Billing progress',
      items: [
        ['NOTHING_TO_BILL', 'Nothing to bill', '无待收票'],
        ['TO_BILL', 'To bill', '待收票'],
        ['BILLED', 'Billed', '已收票'],
      ],
    },
    {
      code: 'goodsReceiptStatus',
      name: 'Arrival statuses',
      items: [
        ['DRAFT', 'Draft', '草稿'],
        ['CONFIRMED', 'Confirmed', '已确认'],
        ['CANCELLED', 'Cancelled', '已取消'],
      ],
    },
    {
      code: 'arrivalInspectionStatus',
      name: 'Inspection results',
      items: [
        ['PENDING', 'Pending', '待检'],
        ['PASSED', 'Passed', '合格'],
        ['PARTIAL', 'Partly passed', '部分合格'],
        ['REJECTED', 'Rejected', '不合格'],
      ],
    },
    {
      code: 'purchaseInvoiceType',
      name: 'Supplier invoice types',
      items: [
        ['VAT_SPECIAL', 'VAT special invoice', '增值税专用发票'],
        ['VAT_NORMAL', 'VAT normal invoice', '增值税普通发票'],
      ],
    },
    {
      code: 'invoiceDeductionStatus',
      name: 'Input VAT deduction',
      items: [
        ['NOT_APPLICABLE', 'Not applicable', '不适用'],
        ['PENDING', 'To certify', '待认证'],
        ['CERTIFIED', 'Certified', '已认证'],
      ],
    },
    {
      code: 'purchaseInvoiceStatus',
      name: 'Supplier invoice statuses',
      items: [
        ['REGISTERED', 'Registered', '已登记'],
        ['VERIFIED', 'Verified', '已核对'],
        ['REJECTED', 'Rejected', '已退回'],
        ['REVERSED', 'Reversed', '已红冲'],
      ],
    },
    {
      code: 'supplierPaymentStatus',
      name: 'Supplier payment statuses',
      items: [
        ['DRAFT', 'Draft', '草稿'],
        ['IN_APPROVAL', 'In approval', '审批中'],
        ['APPROVED', 'Approved', '已批准'],
        ['PAID', 'Paid', '已付款'],
        ['REJECTED', 'Rejected', '已驳回'],
        ['CANCELLED', 'Cancelled', '已取消'],
      ],
    },
    {
      code: 'supplierPaymentMethod',
      name: 'Supplier payment methods',
      items: [
        ['BANK_TRANSFER', 'Bank transfer', '银行转账'],
        ['BANK_ACCEPTANCE_BILL', "Banker's acceptance", '银行承兑汇票'],
        ['COMMERCIAL_BILL', 'Commercial acceptance', '商业承兑汇票'],
        ['CHEQUE', 'Cheque', '支票'],
        ['OTHER', 'Other', '其他'],
      ],
    },
  ],
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
