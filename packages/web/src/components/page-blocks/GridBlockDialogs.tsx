import type { EntityScreenMeta } from '@trestle/shared';
import { useCurrentUser } from '../current-user.ts';
import { AuditDialog } from '../grid/AuditDialog.tsx';
import { EditDialog } from '../grid/EditDialog.tsx';
import type { EntityDialog } from '../grid/entity-actions.tsx';
import { entityApi } from '../grid/entity-api.ts';
import type { fieldSources } from '../grid/field-sources.ts';
import { ImportDialog } from '../grid/ImportDialog.tsx';
import type { EntityGrid } from '../grid/use-entity-grid.ts';
import type { MenuGrants } from '../menu-grants.ts';
import { useShellSite } from '../site-appearance.tsx';

type Props = {
  dialog: EntityDialog;
  meta: EntityScreenMeta;
  grid: EntityGrid;
  grants: MenuGrants;
  sourceOf: ReturnType<typeof fieldSources>;
  onClose: () => void;
  refresh: () => void;
};

/** A grid block's dialogs, as its entity's screen opens them: edit (or add), import, and audit. */
export function GridBlockDialogs({ dialog, meta, grid, grants, sourceOf, onClose, refresh }: Props) {
  const shell = useShellSite().data;
  const me = useCurrentUser().data;
  const selected = grid.selectedKeys.map(Number);
  // Segregation of duties, as the entity's screen: whoever submitted a selected document is not offered Approve.
  const separate = meta.audit && (shell?.separateApprover[meta.name] ?? meta.separateApprover);
  const canApprove =
    !separate || !grid.rows.some((r) => selected.includes(Number(r[meta.key])) && r.submittedBy === me?.id);
  if (dialog?.kind === 'edit')
    return (
      <EditDialog
        meta={meta}
        detailMetas={meta.detailMetas}
        row={dialog.row}
        sourceOf={sourceOf}
        onClose={onClose}
        onSaved={() => {
          onClose();
          refresh();
        }}
      />
    );
  if (dialog?.kind === 'import')
    return <ImportDialog meta={meta} canUpdate={grants.can('Update')} onClose={onClose} onImported={refresh} />;
  if (dialog?.kind === 'audit')
    return (
      <AuditDialog
        canApprove={canApprove}
        onClose={onClose}
        onAudit={async (status, reason) => {
          await entityApi(meta.name).audit(selected, status, reason);
          onClose();
          refresh();
        }}
      />
    );
  return null;
}
