import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { BI_MENU_PATH, BiList } from './BiList.tsx';
import { type BiKind, biDesignKeys, biKinds } from './bi-design-api.ts';
import { ChartBuilder } from './ChartBuilder.tsx';
import { DashboardEditorFrame } from './DashboardEditorFrame.tsx';
import { DatasetEditor } from './DatasetEditor.tsx';

/** What the address opens: a builder (`?chart=12`, `?dataset=new`) or a tab of the lists (`?tab=chart`). */
function openedOf(params: URLSearchParams): { kind: BiKind; id: number | null } | null {
  for (const kind of biKinds) {
    const value = params.get(kind);
    if (value === 'new') return { kind, id: null };
    const id = Number(value);
    if (value !== null && Number.isInteger(id) && id > 0) return { kind, id };
  }
  return null;
}

const tabOf = (params: URLSearchParams): BiKind => {
  const tab = params.get('tab');
  return biKinds.find((k) => k === tab) ?? 'dataset';
};

/**
 * /BIDesign: the datasets, charts and dashboards, each kind a tab, and the builder of the one opened. Who may
 * add, change or delete is the menu entry's grants (Add, Update, Delete); SQL datasets need `Sql` as well.
 */
export function BIDesignPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const grants = useMenuGrants(BI_MENU_PATH);
  const opened = openedOf(params);
  const tab = opened?.kind ?? tabOf(params);

  const open = (kind: BiKind, id: number | 'new') => setParams({ [kind]: String(id) });
  const close = () => {
    setParams({ tab });
    void queryClient.invalidateQueries({ queryKey: biDesignKeys.list(tab) });
  };
  // A new one saved: the address names it, so a reload opens it (the builder stays as it is).
  const saved = (kind: BiKind, id: number) => setParams({ [kind]: String(id) }, { replace: true });
  const canSave = (id: number | null) => grants.can(id === null ? 'Add' : 'Update');

  if (opened?.kind === 'dataset')
    return (
      <DatasetEditor
        key="dataset"
        id={opened.id}
        canSave={canSave(opened.id)}
        canSql={grants.can('Sql')}
        onSaved={(id) => saved('dataset', id)}
        onClose={close}
      />
    );
  if (opened?.kind === 'chart')
    return (
      <ChartBuilder
        key="chart"
        id={opened.id}
        canSave={canSave(opened.id)}
        onSaved={(id) => saved('chart', id)}
        onClose={close}
      />
    );
  if (opened?.kind === 'dashboard')
    return <DashboardEditorFrame id={opened.id} onSaved={(id) => saved('dashboard', id)} onClose={close} />;

  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams({ tab: key })}
      items={biKinds.map((kind) => ({
        key: kind,
        label: t(`biDesign.tab.${kind}`),
        children: tab === kind ? <BiList kind={kind} grants={grants} onOpen={(id) => open(kind, id)} /> : null,
      }))}
    />
  );
}
