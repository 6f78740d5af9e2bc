import { customerMeta, omProjectMeta, projectMeta, supplierMeta } from '@trestle/shared';
import { ViewGrid } from '../../components/grid/ViewGrid.tsx';

export function CustomersPage() {
  return <ViewGrid meta={customerMeta} />;
}

export function SuppliersPage() {
  return <ViewGrid meta={supplierMeta} />;
}

export function ProjectsPage() {
  return <ViewGrid meta={projectMeta} />;
}

export function OmProjectsPage() {
  return <ViewGrid meta={omProjectMeta} />;
}
