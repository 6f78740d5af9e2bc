import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from './lazy-route.ts';

const projectPage = (name: 'ProjectsPage' | 'OmProjectsPage') =>
  lazyRoute(() => import('../features/projects/ProjectPages.tsx').then((m) => ({ Component: m[name] })));

/** The project area's screens (issue 5), inside the main layout; each part adds its own lines. */
export const projectAreaRoutes: RouteObject[] = [
  // Customers and suppliers have no page of their own: the generic entity route draws them.
  { path: 'ProjectInformation', lazy: projectPage('ProjectsPage') },
  { path: 'YWProjectInformation', lazy: projectPage('OmProjectsPage') },
  // [issue 5: sales]
  ...(
    [
      ['ProjectContract', 'ContractsPage'],
      ['ContractInvoicing', 'InvoicesPage'],
      ['ProjectPayment', 'ReceiptsPage'],
    ] as const
  ).map(([path, name]) => ({
    path,
    lazy: lazyRoute(() => import('../features/sales/SalesPages.tsx').then((m) => ({ Component: m[name] }))),
  })),
  // [issue 5: purchasing]
  ...(
    [
      ['ProjectBuget', 'BudgetsPage'],
      ['ProjectPurchase', 'PurchaseRequestsPage'],
      ['PurchaseContract', 'PurchaseContractsPage'],
      ['PurchaseArrival', 'ArrivalsPage'],
      ['PurchaseInvoice', 'SupplierInvoicesPage'],
      ['PurchasePayment', 'SupplierPaymentsPage'],
    ] as const
  ).map(([path, name]) => ({
    path,
    lazy: lazyRoute(() => import('../features/purchasing/PurchasingPages.tsx').then((m) => ({ Component: m[name] }))),
  })),
  // [issue 5: schedule]
  ...(
    [
      ['ProjectMilestone', 'MilestonesPage'],
      ['ProjectTest', 'AcceptanceTestsPage'],
      ['ProjectWeeklyReport', 'WeeklyReportsPage'],
    ] as const
  ).map(([path, name]) => ({
    path,
    lazy: lazyRoute(() => import('../features/schedule/SchedulePages.tsx').then((m) => ({ Component: m[name] }))),
  })),
  // [issue 5: warnings]
  {
    path: 'ProjectWarning',
    lazy: lazyRoute(() => import('../features/warnings/WarningsPage.tsx').then((m) => ({ Component: m.WarningsPage }))),
  },
  {
    path: 'ProjectSummary',
    lazy: lazyRoute(() => import('../features/summary/SummaryPage.tsx').then((m) => ({ Component: m.SummaryPage }))),
  },
  {
    path: 'MineInformation',
    lazy: lazyRoute(() => import('../features/mine/MinePage.tsx').then((m) => ({ Component: m.MinePage }))),
  },
];
