import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from './lazy-route.ts';

const projectPage = (name: 'CustomersPage' | 'SuppliersPage' | 'ProjectsPage' | 'OmProjectsPage') =>
  lazyRoute(() => import('../features/projects/ProjectPages.tsx').then((m) => ({ Component: m[name] })));

/** The project area's screens (issue 5), inside the main layout; each part adds its own lines. */
export const projectAreaRoutes: RouteObject[] = [
  { path: 'Customer', lazy: projectPage('CustomersPage') },
  { path: 'Supplier', lazy: projectPage('SuppliersPage') },
  { path: 'ProjectInformation', lazy: projectPage('ProjectsPage') },
  { path: 'YWProjectInformation', lazy: projectPage('OmProjectsPage') },
  // [issue 5: sales]
  // [issue 5: purchasing]
  // [issue 5: schedule]
  // [issue 5: warnings]
];
