import { FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { type BiListItem, type Dashboard, type DashboardItem, langOf } from '@trestle/shared';
import { Alert, App, Button, Card, Empty, Flex, Select, Skeleton, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeItem, type Rect } from '../../../components/grid-layout/layout.ts';
import { Canvas } from './Canvas.tsx';
import { useBoardCharts, useDashboard } from './editor-api.ts';
import { FiltersPanel } from './FiltersPanel.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { TilePanel } from './TilePanel.tsx';
import { addTile } from './tiles.ts';
import { useDashboardDraft } from './use-dashboard-draft.ts';

export type DashboardEditorProps = {
  /** The dashboard to edit; absent: a new one (its id comes with the first save). */
  id?: number;
  onClose(): void;
  /** After each save, with the dashboard's id (a new one's too). */
  onSaved?(id: number): void;
};

/** The dashboard editor /BIDesign opens: it waits for the dashboard, then edits a draft of it. */
export function DashboardEditor({ id, onClose, onSaved }: DashboardEditorProps) {
  const loaded = useDashboard(id);
  if (id !== undefined && !loaded.data)
    return loaded.isError ? (
      <Alert type="error" showIcon title={loaded.error.message} action={<Button onClick={onClose}>OK</Button>} />
    ) : (
      <Skeleton active paragraph={{ rows: 10 }} />
    );
  return <Editor loaded={loaded.data} onClose={onClose} onSaved={onSaved} />;
}

export default DashboardEditor;

function Editor({ loaded, onClose, onSaved }: { loaded: Dashboard | undefined } & Omit<DashboardEditorProps, 'id'>) {
  const { t, i18n } = useTranslation();
  const language = langOf(i18n.language);
  const { modal } = App.useApp();
  const editing = useDashboardDraft(loaded, onSaved);
  const { draft, changeDefinition } = editing;
  const items = draft.definition.items;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tab, setTab] = useState('settings');
  const [nameMissing, setNameMissing] = useState(false);
  const board = useBoardCharts(items);

  const nameOf = (item: DashboardItem) => {
    if (item.kind === 'text') return t('dashboardEditor.textTile');
    const chart = item.chartId === null ? undefined : board.charts.get(item.chartId);
    const listed = board.list.data?.find((c) => c.id === item.chartId);
    return chart?.name ?? listed?.name ?? t('dashboardEditor.missingChart', { id: item.chartId });
  };
  const setItems = (update: (items: DashboardItem[]) => DashboardItem[]) =>
    changeDefinition((d) => ({ ...d, items: update(d.items) }));
  const add = (tile: { kind: 'chart'; chartId: number } | { kind: 'text' }) => {
    const added = addTile(items, tile);
    setItems(() => added.items);
    setSelectedId(added.id);
    if (tile.kind === 'text') setTab('tile');
  };
  const remove = (itemId: string) => {
    setItems((current) => current.filter((i) => i.id !== itemId));
    if (selectedId === itemId) setSelectedId(null);
  };
  const place = (itemId: string, rect: Rect) => setItems((current) => placeItem(current, itemId, rect));

  const save = () => {
    const named = draft.name.trim() !== '';
    setNameMissing(!named);
    if (named) void editing.save();
    else setTab('settings');
  };
  const close = () => {
    if (!editing.dirty) return onClose();
    modal.confirm({
      title: t('dashboardEditor.unsavedTitle'),
      content: t('dashboardEditor.unsavedBody'),
      okText: t('dashboardEditor.discard'),
      okButtonProps: { danger: true },
      onOk: onClose,
    });
  };

  return (
    <Card
      title={draft.name ? t('dashboardEditor.title', { name: draft.name }) : t('dashboardEditor.newTitle')}
      extra={
        <Space>
          <Button type="primary" loading={editing.saving} onClick={save}>
            {t('dashboardEditor.save')}
          </Button>
          <Button onClick={close}>{t('dashboardEditor.close')}</Button>
        </Space>
      }
    >
      <Refused editing={editing} />
      <Flex gap={16} align="flex-start" wrap>
        <Flex vertical gap={8} style={{ flex: '1 1 600px', minWidth: 0 }}>
          <AddTiles charts={board.list.data} loading={board.list.isPending} onAdd={add} />
          {items.length === 0 ? (
            <Empty description={t('dashboardEditor.empty')} />
          ) : (
            <Canvas
              items={items}
              charts={board.charts}
              results={board.results}
              language={language}
              nameOf={nameOf}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onPlace={place}
              onRemove={remove}
            />
          )}
        </Flex>
        <div style={{ flex: '0 1 340px', minWidth: 280 }}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'settings',
                label: t('dashboardEditor.settings'),
                children: (
                  <SettingsPanel
                    draft={draft}
                    change={editing.change}
                    saved={editing.saved}
                    onMenuCode={editing.setMenuCode}
                    nameMissing={nameMissing && !draft.name.trim()}
                  />
                ),
              },
              {
                key: 'filters',
                label: t('dashboardEditor.filters'),
                children: (
                  <FiltersPanel
                    filters={draft.definition.filters}
                    onChange={(filters) => changeDefinition((d) => ({ ...d, filters }))}
                    charts={board.chartIds.flatMap((chartId) => board.charts.get(chartId) ?? [])}
                    fieldsOf={(datasetId) => board.fields.get(datasetId) ?? []}
                    language={language}
                  />
                ),
              },
              {
                key: 'tile',
                label: t('dashboardEditor.tile'),
                children: (
                  <TilePanel
                    item={items.find((i) => i.id === selectedId)}
                    name={nameOf}
                    onPlace={place}
                    onText={(itemId, text) =>
                      setItems((current) => current.map((i) => (i.id === itemId ? { ...i, text } : i)))
                    }
                    onRemove={remove}
                  />
                ),
              },
            ]}
          />
        </div>
      </Flex>
    </Card>
  );
}

/** Adding a tile: a saved chart picked from the list, or a text. */
function AddTiles({
  charts,
  loading,
  onAdd,
}: {
  charts: BiListItem[] | undefined;
  loading: boolean;
  onAdd(tile: { kind: 'chart'; chartId: number } | { kind: 'text' }): void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Select<number>
        aria-label={t('dashboardEditor.addChart')}
        placeholder={
          <span>
            <PlusOutlined /> {t('dashboardEditor.addChart')}
          </span>
        }
        style={{ width: 260 }}
        showSearch
        optionFilterProp="label"
        loading={loading}
        value={null}
        options={(charts ?? []).map((c) => ({ value: c.id, label: c.name }))}
        onChange={(chartId) => onAdd({ kind: 'chart', chartId })}
      />
      <Button icon={<FileTextOutlined />} onClick={() => onAdd({ kind: 'text' })}>
        {t('dashboardEditor.addText')}
      </Button>
    </Space>
  );
}

/** Why the last save was refused: someone else's newer save (with the two ways on), or the definition's problems. */
function Refused({ editing }: { editing: ReturnType<typeof useDashboardDraft> }) {
  const { t } = useTranslation();
  const { refusal } = editing;
  if (!refusal) return null;
  if (refusal.kind === 'conflict')
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('dashboardEditor.conflict')}
        action={
          <Space direction="vertical">
            <Button size="small" onClick={() => void editing.loadTheirs()}>
              {t('dashboardEditor.loadTheirs')}
            </Button>
            <Button size="small" danger onClick={() => void editing.saveMine()}>
              {t('dashboardEditor.saveMine')}
            </Button>
          </Space>
        }
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('dashboardEditor.invalid')}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {refusal.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      }
    />
  );
}
