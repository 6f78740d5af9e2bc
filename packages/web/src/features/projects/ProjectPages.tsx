import { omProjectMeta, projectMeta } from '@trestle/shared';
import { ViewGrid } from '../../components/grid/ViewGrid.tsx';

export function ProjectsPage() {
  return <ViewGrid meta={projectMeta} />;
}

export function OmProjectsPage() {
  return <ViewGrid meta={omProjectMeta} />;
}
