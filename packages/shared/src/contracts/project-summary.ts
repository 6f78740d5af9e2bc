import { z } from 'zod';
import { pageOf } from './shapes.ts';
import { id } from './values.ts';

/**
 * /ProjectSummary and /MineInformation contracts: read models over the project area (docs/domain.md
 * §2.9, §2.18, §4). Money is a decimal string (numeric(18,2)); percentages are numbers or null when
 * their base is zero.
 */

const money = z.string();
const pct = z.number().nullable();

/** What names a project and says where it stands: the portfolio row and "my projects" begin with it. */
const projectHead = {
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  stage: z.string(),
  health: z.string(),
  progressPct: z.number(),
};
/** The next milestone not yet reached, if any. */
const nextMilestone = { nextMilestone: z.string().nullable(), nextMilestoneDate: z.string().nullable() };
/** Billing and collection against the contracts. */
const collection = { invoicedAmount: money, receivedAmount: money, receivableAmount: money, overdueReceivable: money };
/** The budget: planned, committed by purchases, actually spent. */
const budget = { budgetPlanned: money, budgetCommitted: money, budgetActual: money };
/** Rows of one of the caller's projects (a milestone, a warning), with the project's code and name. */
const projectItem = { id: z.number(), projectId: z.number(), projectCode: z.string(), projectName: z.string() };

export const summaryFiltersSchema = z.strictObject({
  organizationId: id.optional(),
  managerId: id.optional(),
  customerId: id.optional(),
  type: z.enum(['DELIVERY', 'OM']).optional(),
  stage: z.string().max(30).optional(),
  health: z.enum(['GREEN', 'YELLOW', 'RED', 'GREY']).optional(),
});
export type SummaryFilters = z.infer<typeof summaryFiltersSchema>;

/** Columns the portfolio table sorts on (on the server). */
export const portfolioSortFields = [
  'code',
  'name',
  'customerName',
  'managerName',
  'stage',
  'health',
  'progressPct',
  'contractAmount',
  'invoicedAmount',
  'receivedAmount',
  'receivableAmount',
  'invoicedPct',
  'receivedPct',
  'budgetUsagePct',
  'forecastMarginPct',
  'nextMilestoneDate',
  'openWarnings',
] as const;

export const portfolioRequestSchema = z.strictObject({
  filters: summaryFiltersSchema.default({}),
  page: z.number().int().min(1).max(100_000).default(1),
  rows: z.number().int().min(1).max(200).default(20),
  sort: z.enum(portfolioSortFields).default('code'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PortfolioRequest = z.input<typeof portfolioRequestSchema>;

/** One project's figures (§4.1): the portfolio row, and the per-project view. */
export const projectFiguresSchema = z.object({
  ...projectHead,
  customerName: z.string().nullable(),
  managerName: z.string().nullable(),
  organizationName: z.string().nullable(),
  contractAmount: money,
  contractExclTax: money,
  ...collection,
  uninvoicedAmount: money,
  invoicedPct: pct,
  receivedPct: pct,
  committedAmount: money,
  supplierInvoiced: money,
  paidAmount: money,
  payableAmount: money,
  ...budget,
  budgetAvailable: money,
  budgetUsagePct: pct,
  actualCost: money,
  revenueRecognised: money,
  grossMargin: money,
  grossMarginPct: pct,
  plannedMargin: money,
  plannedMarginPct: pct,
  forecastMargin: money,
  forecastMarginPct: pct,
  netCash: money,
  milestonesTotal: z.number(),
  milestonesReached: z.number(),
  milestonesOverdue: z.number(),
  maxSlipDays: z.number(),
  ...nextMilestone,
  warningsCritical: z.number(),
  warningsWarning: z.number(),
  warningsInfo: z.number(),
  openWarnings: z.number(),
  lastReportWeek: z.string().nullable(),
  lastReportFlag: z.string().nullable(),
});
export type ProjectFigures = z.infer<typeof projectFiguresSchema>;

/** §4.3 KPI cards over every project the filters and the caller's scope leave. */
export const portfolioKpisSchema = z.object({
  projects: z.number(),
  activeProjects: z.number(),
  redProjects: z.number(),
  contractAmount: money,
  contractThisYear: money,
  ...collection,
  committedAmount: money,
  paidAmount: money,
  ...budget,
  grossMarginPct: pct,
  openWarnings: z.number(),
});
export type PortfolioKpis = z.infer<typeof portfolioKpisSchema>;

export const portfolioResultSchema = pageOf(projectFiguresSchema).extend({ kpis: portfolioKpisSchema });
export type PortfolioResult = z.infer<typeof portfolioResultSchema>;

export const summaryChartsRequestSchema = z.strictObject({
  filters: summaryFiltersSchema.default({}),
  /** One project's charts instead of the portfolio's. */
  projectId: id.optional(),
});
export type SummaryChartsRequest = z.input<typeof summaryChartsRequestSchema>;

export const ageingBuckets = ['notDue', 'd0to30', 'd31to60', 'd61to90', 'd90plus'] as const;

export const summaryChartsSchema = z.object({
  /** Contract vs invoiced vs received: the project, or the ten largest contracts. */
  money: z.array(
    z.object({ code: z.string(), name: z.string(), contract: money, invoiced: money, received: money, paid: money }),
  ),
  budgetByCategory: z.array(z.object({ category: z.string(), planned: money, committed: money, actual: money })),
  /** Receivable outstanding by days past due. */
  ageing: z.array(z.object({ bucket: z.enum(ageingBuckets), amount: money })),
  milestones: z.object({ reached: z.number(), open: z.number(), overdue: z.number() }),
  /** The project's milestones (one project only), for a timeline. */
  timeline: z.array(
    z.object({
      name: z.string(),
      baselineDate: z.string(),
      plannedDate: z.string(),
      actualDate: z.string().nullable(),
      status: z.string(),
      overdue: z.boolean(),
    }),
  ),
  health: z.array(z.object({ health: z.string(), count: z.number() })),
});
export type SummaryCharts = z.infer<typeof summaryChartsSchema>;

const option = z.object({ value: z.number(), label: z.string() });
/** Filter choices: the departments, managers and customers of the projects the caller may see. */
export const summaryOptionsSchema = z.object({
  organizations: z.array(option),
  managers: z.array(option),
  customers: z.array(option),
});
export type SummaryOptions = z.infer<typeof summaryOptionsSchema>;

// /MineInformation

export const mineProjectSchema = z.object({
  ...projectHead,
  /** PM, or the team role. */
  role: z.string(),
  ...nextMilestone,
});
export type MineProject = z.infer<typeof mineProjectSchema>;

export const mineMilestoneSchema = z.object({
  ...projectItem,
  name: z.string(),
  isKey: z.boolean(),
  plannedDate: z.string(),
  status: z.string(),
  /** Days until the planned date; negative when overdue. */
  daysLeft: z.number(),
});
export type MineMilestone = z.infer<typeof mineMilestoneSchema>;

/** A document waiting in an approval flow: for approvals waiting for me, and my submissions. */
export const mineDocumentSchema = z.object({
  entity: z.string(),
  entityLabel: z.object({ en: z.string(), zh: z.string() }),
  key: z.number(),
  text: z.string(),
  projectCode: z.string().nullable(),
  auditStatus: z.number(),
  auditReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type MineDocument = z.infer<typeof mineDocumentSchema>;

export const mineWarningSchema = z.object({
  ...projectItem,
  ruleCode: z.string(),
  severity: z.string(),
  status: z.string(),
  title: z.string(),
  firstDetectedAt: z.string(),
  snoozedUntil: z.string().nullable(),
});
export type MineWarning = z.infer<typeof mineWarningSchema>;
