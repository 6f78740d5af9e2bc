import type { RouteObject } from 'react-router-dom';
import { lazyScreen, moduleScreens } from './lazy-route.ts';

/** The project area's screens (issue 5), inside the main layout; each part adds its own lines. */
export const projectAreaRoutes: RouteObject[] = [
  // Customers and suppliers have no page of their own: the generic entity route draws them.
  ...moduleScreens(() => import('../features/projects/ProjectPages.tsx'), {
    ProjectInformation: 'ProjectsPage',
    YWProjectInformation: 'OmProjectsPage',
  }),
  // [issue 5: sales]
  ...moduleScreens(() => import('../features/sales/SalesPages.tsx'), {
    ProjectContract: 'ContractsPage',
    ContractInvoicing: 'InvoicesPage',
    ProjectPayment: 'ReceiptsPage',
  }),
  // [issue 5: purchasing]
  ...moduleScreens(() => import('../features/purchasing/PurchasingPages.tsx'), {
    ProjectBuget: 'BudgetsPage',
    ProjectPurchase: 'PurchaseRequestsPage',
    PurchaseContract: 'PurchaseContractsPage',
    PurchaseArrival: 'ArrivalsPage',
    PurchaseInvoice: 'SupplierInvoicesPage',
    PurchasePayment: 'SupplierPaymentsPage',
  }),
  // [issue 5: schedule]
  ...moduleScreens(() => import('../features/schedule/SchedulePages.tsx'), {
    ProjectMilestone: 'MilestonesPage',
    ProjectTest: 'AcceptanceTestsPage',
    ProjectWeeklyReport: 'WeeklyReportsPage',
  }),
  // [issue 5: warnings]
  { path: 'ProjectWarning', lazy: lazyScreen(() => import('../features/warnings/WarningsPage.tsx'), 'WarningsPage') },
  { path: 'ProjectSummary', lazy: lazyScreen(() => import('../features/summary/SummaryPage.tsx'), 'SummaryPage') },
  { path: 'MineInformation', lazy: lazyScreen(() => import('../features/mine/MinePage.tsx'), 'MinePage') },
];
