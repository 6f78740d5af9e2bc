import type { RouteObject } from 'react-router-dom';
import { lazyScreen, moduleScreens } from './lazy-route.ts';

/** The project area's screens, inside the main layout; each part adds its own lines. */
export const projectAreaRoutes: RouteObject[] = [
  // Customers and suppliers have no page of their own: the generic entity route draws them.
  ...moduleScreens(() => import('../features/projects/ProjectPages.tsx'), {
    ProjectInformation: 'ProjectsPage',
    YWProjectInformation: 'OmProjectsPage',
  }),
  // Sales
  ...moduleScreens(() => import('../features/sales/SalesPages.tsx'), {
    ProjectContract: 'ContractsPage',
    ContractInvoicing: 'InvoicesPage',
    ProjectPayment: 'ReceiptsPage',
  }),
  // Purchasing
  ...moduleScreens(() => import('../features/purchasing/PurchasingPages.tsx'), {
    ProjectBuget: 'BudgetsPage',
    ProjectPurchase: 'PurchaseRequestsPage',
    PurchaseContract: 'PurchaseContractsPage',
    PurchaseArrival: 'ArrivalsPage',
    PurchaseInvoice: 'SupplierInvoicesPage',
    PurchasePayment: 'SupplierPaymentsPage',
  }),
  // Schedule
  ...moduleScreens(() => import('../features/schedule/SchedulePages.tsx'), {
    ProjectMilestone: 'MilestonesPage',
    ProjectTest: 'AcceptanceTestsPage',
    ProjectWeeklyReport: 'WeeklyReportsPage',
  }),
  // Warnings
  { path: 'ProjectWarning', lazy: lazyScreen(() => import('../features/warnings/WarningsPage.tsx'), 'WarningsPage') },
  { path: 'ProjectSummary', lazy: lazyScreen(() => import('../features/summary/SummaryPage.tsx'), 'SummaryPage') },
  { path: 'MineInformation', lazy: lazyScreen(() => import('../features/mine/MinePage.tsx'), 'MinePage') },
];
