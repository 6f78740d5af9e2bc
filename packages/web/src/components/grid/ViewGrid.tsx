import { FilterOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { EntityMeta } from '@trestle/shared';
import { Button, Flex, Form, Space, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar, type ToolbarItem } from '../ActionToolbar.tsx';
import { useCurrentUser } from '../current-user.ts';
import { labelOf } from '../form/layout.ts';
import { useMenuGrants } from '../menu-grants.ts';
import { QuickSearch } from '../QuickSearch.tsx';
import { useShellSite } from '../site-appearance.tsx';
import { AuditDialog } from './AuditDialog.tsx';
import { ColumnChooser, useHiddenColumns } from './ColumnChooser.tsx';
import { buildColumns, type Row } from './columns.tsx';
import { useDictionaries, useRemoteLabels } from './dictionaries.ts';
import { EditDialog } from './EditDialog.tsx';
import { type EntityDialog, useEntityActions } from './entity-actions.tsx';
import { entityApi, gridKeys } from './entity-api.ts';
import { fieldSources } from './field-sources.ts';
import { GridTable } from './GridTable.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { SearchPanel } from './SearchPanel.tsx';
import { GridSummary } from './summary.tsx';
import { useEntityGrid } from './use-entity-grid.ts';
import { buildWheres, quickSearchField } from './wheres.ts';

type Props = {
  meta: EntityMeta;
  detailMetas?: readonly EntityMeta[];
  /** The menu entry whose grants show the buttons; the current route's when omitted (a screen shown elsewhere). */
  menuPath?: string;
  /** The screen's own toolbar buttons, after the engine's. */
  extraActions?: ToolbarItem[];
  /** Reshapes the engine's columns (adds, drops or replaces some). */
  columns?: (columns: TableColumnsType<Row>) => TableColumnsType<Row>;
  /** A last column of per-row buttons. */
  rowActions?: (row: Row) => ReactNode;
  /** Shown beside the table (a chart, a detail of the selected row). */
  sidePanel?: ReactNode;
};

/** No detail entities: one array for every render, so what is worked out from them (a bound form) stays. */
const NO_DETAILS: readonly EntityMeta[] = [];

/**
 * The engine screen of one entity, composed of the grid parts: its state (useEntityGrid), the quick and
 * advanced search, the granted toolbar, the server-paged table and the edit, import and audit dialogs.
 */
export function ViewGrid({
  meta,
  detailMetas = NO_DETAILS,
  menuPath,
  extraActions = [],
  columns,
  rowActions,
  sidePanel,
}: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const grants = useMenuGrants(menuPath);
  const grid = useEntityGrid(meta);
  const quickField = quickSearchField(meta);
  const [searchForm] = Form.useForm();
  const [quick, setQuick] = useState('');
  const [searchOpen, setSearchOpen] = useState(false);
  const shell = useShellSite().data;
  const me = useCurrentUser().data;
  const [dialog, setDialog] = useState<EntityDialog>(null);
  const [hidden, setHidden] = useHiddenColumns(meta.name);
  const { request, rows, total } = grid;
  const dictionaries = useDictionaries([meta, ...detailMetas]);
  const remoteLabels = useRemoteLabels(meta, rows, dictionaries);
  const sourceOf = fieldSources(meta, dictionaries, grants.can('Upload'));

  const refresh = () => void queryClient.invalidateQueries({ queryKey: gridKeys.entity(meta.name) });

  const search = () => {
    const values = { ...searchForm.getFieldsValue() } as Record<string, unknown>;
    if (quickField) values[quickField.name] = quick;
    grid.search({ wheres: buildWheres(meta, values), exactTotal: false });
  };

  const reset = () => {
    searchForm.resetFields();
    setQuick('');
    grid.setRequest((r) => ({ ...r, page: 1, wheres: [], exactTotal: false }));
  };

  const items = useEntityActions({ meta, grid, search, open: setDialog, refresh });
  const engineColumns = buildColumns(meta, {
    language: i18n.language,
    t,
    dictionaries,
    remoteLabels,
    sort: request.sort,
    order: request.order ?? 'desc',
    hidden,
  });
  const shownColumns = [
    ...(columns ? columns(engineColumns) : engineColumns),
    ...(rowActions
      ? [{ key: 'rowActions', fixed: 'right' as const, render: (_: unknown, row: Row) => rowActions(row) }]
      : []),
  ];
  const closeDialog = () => setDialog(null);
  const selected = grid.selectedKeys.map(Number);
  // Segregation of duties: whoever submitted a selected document is not offered Approve (the server refuses it too).
  const separate = meta.audit && (shell?.separateApprover[meta.name] ?? meta.separateApprover);
  const canApprove = !separate || !rows.some((r) => selected.includes(Number(r[meta.key])) && r.submittedBy === me?.id);
  const totalExact = grid.query.data?.totalExact !== false;

  const table = (
    <GridTable
      grid={grid}
      testId="grid-table"
      wide
      selection="checkbox"
      columns={shownColumns}
      onRow={(row) => ({
        onDoubleClick: () => {
          if (grants.can('Update')) setDialog({ kind: 'edit', row });
        },
      })}
      summary={() => <GridSummary meta={meta} columns={shownColumns} summary={grid.query.data?.summary ?? null} />}
      pagination={{
        showSizeChanger: true,
        pageSizeOptions: [30, 60, 100, 200, 500],
        showTotal: () =>
          totalExact ? (
            <span data-testid="grid-total">{t('grid.total', { count: total })}</span>
          ) : (
            <span data-testid="grid-total">
              {t('grid.aboutTotal', { count: total })}{' '}
              <Typography.Link onClick={() => grid.setRequest((r) => ({ ...r, exactTotal: true }))}>
                {t('grid.countExactly')}
              </Typography.Link>
            </span>
          ),
      }}
    />
  );

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Flex justify="space-between" wrap gap="small">
        <Space wrap>
          {quickField && (
            <QuickSearch
              testId="grid-quick-search"
              placeholder={labelOf(quickField, i18n.language)}
              value={quick}
              onChange={(text) => {
                setQuick(text);
                searchForm.setFieldValue(quickField.name, text);
              }}
              onSearch={search}
            />
          )}
          <Button
            size="small"
            icon={<FilterOutlined />}
            onClick={() => setSearchOpen((o) => !o)}
            data-testid="grid-advanced-toggle"
          >
            {searchOpen ? t('grid.hideAdvanced') : t('grid.advanced')}
          </Button>
        </Space>
        <Space wrap>
          <ActionToolbar items={[...items, ...extraActions]} menuUrlPath={menuPath} />
          <ColumnChooser meta={meta} hidden={hidden} onChange={setHidden} />
        </Space>
      </Flex>
      <SearchPanel
        meta={meta}
        form={searchForm}
        open={searchOpen}
        sourceOf={sourceOf(meta)}
        onSearch={search}
        onReset={reset}
        onValuesChange={(changed) => {
          if (quickField && quickField.name in changed) setQuick(String(changed[quickField.name] ?? ''));
        }}
      />
      {sidePanel ? (
        <Flex gap="small" align="start">
          <div style={{ flex: 1, minWidth: 0 }}>{table}</div>
          {sidePanel}
        </Flex>
      ) : (
        table
      )}
      {dialog?.kind === 'edit' && (
        <EditDialog
          meta={meta}
          detailMetas={detailMetas}
          row={dialog.row}
          sourceOf={sourceOf}
          onClose={closeDialog}
          onSaved={() => {
            closeDialog();
            refresh();
          }}
        />
      )}
      {dialog?.kind === 'import' && (
        <ImportDialog meta={meta} canUpdate={grants.can('Update')} onClose={closeDialog} onImported={refresh} />
      )}
      {dialog?.kind === 'audit' && (
        <AuditDialog
          canApprove={canApprove}
          onClose={closeDialog}
          onAudit={async (status, reason) => {
            await entityApi(meta.name).audit(selected, status, reason);
            closeDialog();
            refresh();
          }}
        />
      )}
    </Space>
  );
}
