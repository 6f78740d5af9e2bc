import { useQueryClient } from '@tanstack/react-query';
import { type Dashboard, type DashboardDefinition, dashboardDefinitionSchema } from '@trestle/shared';
import { App } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http/transport.ts';
import { editorKeys, getDashboard, saveDashboard } from './editor-api.ts';
import { targetsOnBoard } from './tiles.ts';

/** What the editor changes: the dashboard's words, layout, filters, switches and sharing. */
export type Draft = {
  name: string;
  description: string;
  definition: DashboardDefinition;
  shareRoles: number[];
};

/** What the server holds of the dashboard being edited: its id once saved, the version to save over, its menu entry. */
export type Saved = { id: number | undefined; version: number | undefined; menuCode: string | null };

export const draftOf = (d: Dashboard | undefined): Draft =>
  d
    ? { name: d.name, description: d.description, definition: d.definition, shareRoles: d.shareRoles }
    : { name: '', description: '', definition: dashboardDefinitionSchema.parse({}), shareRoles: [] };

const savedOf = (d: Dashboard | undefined): Saved => ({
  id: d?.id,
  version: d?.version,
  menuCode: d?.menuCode ?? null,
});

/** Why a save was refused: someone else's newer save (the draft is kept), or the definition's problems. */
export type Refusal = { kind: 'conflict' } | { kind: 'invalid'; errors: string[] };

/**
 * The editor's draft of a dashboard and its saving: a save over someone else's newer one is refused (409) and
 * the draft stays as it is, for the designer to load theirs or save over it knowingly.
 */
export function useDashboardDraft(loaded: Dashboard | undefined, onSaved?: (id: number) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded));
  const [snapshot, setSnapshot] = useState(() => JSON.stringify(draftOf(loaded)));
  const [saved, setSaved] = useState<Saved>(() => savedOf(loaded));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = useMemo(() => JSON.stringify(draft) !== snapshot, [draft, snapshot]);

  const change = useCallback((update: (d: Draft) => Draft) => setDraft(update), []);
  const changeDefinition = useCallback(
    (update: (d: DashboardDefinition) => DashboardDefinition) =>
      setDraft((d) => ({ ...d, definition: update(d.definition) })),
    [],
  );

  const save = async (overVersion?: number) => {
    const sent: Draft = {
      ...draft,
      definition: { ...draft.definition, filters: targetsOnBoard(draft.definition.filters, draft.definition.items) },
    };
    const version = overVersion ?? saved.version;
    setSaving(true);
    try {
      const answer = await saveDashboard({
        ...(saved.id === undefined ? {} : { id: saved.id }),
        ...(version === undefined ? {} : { version }),
        ...sent,
      });
      setSaved((s) => ({ ...s, id: answer.id, version: answer.version }));
      setSnapshot(JSON.stringify(draft));
      setRefusal(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['biDesign'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboards'] }),
      ]);
      message.success(t('dashboardEditor.saved'));
      onSaved?.(answer.id);
    } catch (e) {
      if (e instanceof HttpError && e.status === 409) setRefusal({ kind: 'conflict' });
      else if (e instanceof HttpError && Object.keys(e.fieldErrors).length > 0)
        setRefusal({ kind: 'invalid', errors: Object.entries(e.fieldErrors).map(([path, why]) => `${path}: ${why}`) });
      else setRefusal({ kind: 'invalid', errors: [e instanceof Error ? e.message : String(e)] });
    } finally {
      setSaving(false);
    }
  };

  /** The newer version someone saved, read again. */
  const latest = async () => {
    if (saved.id === undefined) return undefined;
    const fresh = await getDashboard(saved.id);
    queryClient.setQueryData(editorKeys.dashboard(saved.id), fresh);
    return fresh;
  };

  /** Their version replaces the draft. */
  const loadTheirs = async () => {
    const fresh = await latest();
    if (!fresh) return;
    setDraft(draftOf(fresh));
    setSnapshot(JSON.stringify(draftOf(fresh)));
    setSaved(savedOf(fresh));
    setRefusal(null);
  };

  /** The draft saved over their version, knowingly. */
  const saveMine = async () => {
    const fresh = await latest();
    if (fresh) await save(fresh.version);
  };

  return {
    draft,
    change,
    changeDefinition,
    dirty,
    saved,
    setMenuCode: (menuCode: string | null) => setSaved((s) => ({ ...s, menuCode })),
    refusal,
    saving,
    save: () => save(),
    loadTheirs,
    saveMine,
  };
}
