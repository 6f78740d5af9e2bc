import { dataChangeLogMeta, requestLogMeta, signInLogMeta } from '@trestle/shared';
import { ViewGrid } from '../../components/grid/ViewGrid.tsx';

// Each log is a read-only engine entity with its own menu entry, so the grid's Search and Export
// buttons follow that entry's grant (seed: one menu per log under System › Logs).

/** /Log/Request */
export function RequestLogPage() {
  return <ViewGrid meta={requestLogMeta} />;
}

/** /Log/SignIn */
export function SignInLogPage() {
  return <ViewGrid meta={signInLogMeta} />;
}

/** /Log/DataChange */
export function DataChangeLogPage() {
  return <ViewGrid meta={dataChangeLogMeta} />;
}
