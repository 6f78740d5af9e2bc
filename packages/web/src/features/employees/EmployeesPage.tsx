import { employeeMeta } from '@trestle/shared';
import { ViewGrid } from '../../components/grid/ViewGrid.tsx';

export function EmployeesPage() {
  return <ViewGrid meta={employeeMeta} />;
}
