import {
  AuditOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  FilterOutlined,
  ImportOutlined,
  PlusOutlined,
  SearchOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntityMeta, FieldMeta, PageRequest, Where } from '@trestle/shared';
import { App, Button, Flex, Form, type FormInstance, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { modalDefaults, wideTable } from '../../app/theme.ts';
import { useAppStore } from '../../lib/store.ts';
import { ActionToolbar, type ToolbarItem } from '../ActionToolbar.tsx';
import { useCurrentUser } from '../current-user.ts';
import type { FieldSource } from '../form/FieldInput.tsx';
import { labelOf } from '../form/layout.ts';
import { findMenuEntry } from '../menu-tree.ts';
import { QuickSearch } from '../QuickSearch.tsx';
import { useShellSite } from '../site-appearance.tsx';
import { AuditDialog } from './AuditDialog.tsx';
import { ColumnChooser, useHiddenColumns } from './ColumnChooser.tsx';
import { buildColumns, type Row } from './columns.tsx';
import { searchDictionary, useDictionaries, useRemoteLabels } from './dictionaries.ts';
import { EditDialog } from './EditDialog.tsx';
import { entityApi, gridKeys } from './entity-api.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { SearchPanel } from './SearchPanel.tsx';
import { GridSummary } from './summary.tsx';
import { buildWheres, quickSearchField } from './wheres.ts';

type Props = {
  meta: EntityMeta;
  detailMetas?: readonly EntityMeta[];
  /** The menu entry whose grants show the buttons; the current route's when omitted (a screen shown elsewhere). */
  menuPath?: string;
};
type Dialog = { kind: 'edit'; row: Row | null } | { kind: 'import' } | { kind: 'audit' } | null;

/** The engine screen of one entity: search, a server-paged table, and the actions its menu grants. */
export function ViewGrid({ meta, detailMetas = [], menuPath }: Props) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const location = useLocation();
  const buttons = useAppStore((s) => s.buttons);
  const permission = useAppStore((s) => s.permission);
  const api = entityApi(meta.name);
  const quickField = quickSearchField(meta);
  const [searchForm] = Form.useForm();
  const [quick, setQuick] = useState('');
  const [searchOpen, setSearchOpen] = useState(false);
  const [request, setRequest] = useState<PageRequest>({
    page: 1,
    rows: 30,
    sort: meta.defaultSort.field,
    order: meta.defaultSort.order,
    wheres: [],
    exactTotal: false,
  });
  // [issue 4: site-login-settings] SiteConfig's default page size, once it is known
  const shell = useShellSite().data;
  const pageSize = shell?.pageSize;
  const me = useCurrentUser().data;
  useEffect(() => {
    if (pageSize) setRequest((r) => ({ ...r, rows: pageSize }));
  }, [pageSize]);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exporting, setExporting] = useState(false);
  const [hidden, setHidden] = useHiddenColumns(meta.name);

  const page = useQuery({
    queryKey: gridKeys.page(meta.name, request),
    queryFn: () => api.page(request),
    placeholderData: keepPreviousData,
  });
  const rows = page.data?.rows ?? [];
  const dictionaries = useDictionaries([meta, ...detailMetas]);
  const remoteLabels = useRemoteLabels(meta, rows, dictionaries);

  // A code the catalogue does not know gets an id no menu grants, so its button stays hidden.
  const idOf = (code: string) => buttons.find((b) => b.code === code)?.id ?? -1;
  const granted = findMenuEntry(permission, menuPath ?? location.pathname)?.permission ?? [];
  // Detail entities have no upload route of their own: their files go through the master's, under its grant.
  const upload = { url: `/api/${meta.name}/upload`, canUpload: granted.includes(idOf('Upload')) };

  const sourceOf =
    (m: EntityMeta, row?: Row, form?: FormInstance) =>
    (f: FieldMeta): FieldSource => {
      if (f.type === 'file' || f.type === 'image') return { upload };
      if (f.type === 'reference') {
        const value = row?.[f.name];
        const label = row?.[`${f.name}Label`];
        // Narrowed to the parent chosen in the dialog when there is one (a payment term of the contract).
        const parentOf = () => {
          const chosen: unknown = f.reference?.parent && form?.getFieldValue(f.reference.parent.field);
          return typeof chosen === 'number' ? chosen : undefined;
        };
        return {
          // A detail line's choices come from the master's lookup, under the master's grant.
          fetchOptions: (q) => entityApi(meta.name).lookup(f.name, q, m.name === meta.name ? '' : m.name, parentOf()),
          initialOptions:
            value !== undefined && value !== null ? [{ value: value as number, label: String(label ?? value) }] : [],
        };
      }
      const dict = f.dictionary ? dictionaries.get(f.dictionary) : undefined;
      if (f.dictionary && dict?.remote) return { fetchOptions: (q) => searchDictionary(f.dictionary ?? '', q) };
      return { options: dict?.items ?? [] };
    };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: gridKeys.entity(meta.name) });

  const search = () => {
    const values = { ...searchForm.getFieldsValue() } as Record<string, unknown>;
    if (quickField) values[quickField.name] = quick;
    const wheres: Where[] = buildWheres(meta, values);
    const next = { ...request, page: 1, wheres, exactTotal: false };
    if (JSON.stringify(next) === JSON.stringify(request)) void page.refetch();
    else setRequest(next);
  };

  const reset = () => {
    searchForm.resetFields();
    setQuick('');
    setRequest((r) => ({ ...r, page: 1, wheres: [], exactTotal: false }));
  };

  const selectedRow = () => {
    if (selected.length !== 1) {
      void message.warning(t('grid.selectOne'));
      return null;
    }
    return rows.find((r) => r[meta.key] === selected[0]) ?? null;
  };

  const confirmDelete = () => {
    if (selected.length === 0) return void message.warning(t('grid.selectSome'));
    modal.confirm({
      ...modalDefaults,
      title: t('grid.deleteConfirm', { count: selected.length }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const { count } = await api.del(selected);
        void message.success(t('grid.deleted', { count }));
        setSelected([]);
        refresh();
      },
    });
  };

  const exportRows = async () => {
    setExporting(true);
    const key = `export-${meta.name}`;
    void message.open({ key, type: 'loading', content: t('grid.exporting'), duration: 0 });
    try {
      await api.exportFile({ ...request, page: 1 });
      void message.open({ key, type: 'success', content: t('grid.exported') });
    } catch {
      message.destroy(key);
    } finally {
      setExporting(false);
    }
  };

  const submitSelected = async () => {
    try {
      await api.submit(selected);
      void message.success(t('grid.submitted'));
      refresh();
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  const items: ToolbarItem[] = [
    { id: idOf('Search'), key: 'search', label: t('grid.search'), icon: <SearchOutlined />, onClick: search },
    {
      id: idOf('Add'),
      key: 'add',
      label: t('grid.add'),
      icon: <PlusOutlined />,
      onClick: () => setDialog({ kind: 'edit', row: null }),
    },
    {
      id: idOf('Update'),
      key: 'update',
      label: t('grid.edit'),
      icon: <EditOutlined />,
      onClick: () => {
        const row = selectedRow();
        if (row) setDialog({ kind: 'edit', row });
      },
    },
    {
      id: idOf('Delete'),
      key: 'delete',
      label: t('grid.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      onClick: confirmDelete,
    },
    {
      id: idOf('Import'),
      key: 'import',
      label: t('grid.import'),
      icon: <ImportOutlined />,
      onClick: () => setDialog({ kind: 'import' }),
    },
    {
      id: idOf('Export'),
      key: 'export',
      label: exporting ? t('grid.exporting') : t('grid.export'),
      icon: <ExportOutlined spin={exporting} />,
      disabled: exporting,
      onClick: () => void exportRows(),
    },
    ...(meta.audit
      ? [
          {
            id: idOf('Update'),
            key: 'submit',
            label: t('grid.submit'),
            icon: <SendOutlined />,
            onClick: () => (selected.length ? void submitSelected() : void message.warning(t('grid.selectSome'))),
          },
          {
            id: idOf('Audit'),
            key: 'audit',
            label: t('grid.audit'),
            icon: <AuditOutlined />,
            onClick: () =>
              selected.length ? setDialog({ kind: 'audit' }) : void message.warning(t('grid.selectSome')),
          },
        ]
      : []),
  ];

  const columns = buildColumns(meta, {
    language: i18n.language,
    t,
    dictionaries,
    remoteLabels,
    sort: request.sort,
    order: request.order ?? 'desc',
    hidden,
  });
  const total = page.data?.total ?? 0;
  const closeDialog = () => setDialog(null);
  // Segregation of duties: whoever submitted a selected document is not offered Approve (the server refuses it too).
  const separate = meta.audit && (shell?.separateApprover[meta.name] ?? meta.separateApprover);
  const canApprove = !separate || !rows.some((r) => selected.includes(Number(r[meta.key])) && r.submittedBy === me?.id);

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
          <ActionToolbar items={items} menuUrlPath={menuPath} />
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
      <Table<Row>
        size="small"
        data-testid="grid-table"
        rowKey={(r) => Number(r[meta.key])}
        loading={page.isFetching}
        dataSource={rows}
        columns={columns}
        {...wideTable}
        rowSelection={{ fixed: true, selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        onRow={(row) => ({
          onDoubleClick: () => {
            if (granted.includes(idOf('Update'))) setDialog({ kind: 'edit', row });
          },
        })}
        summary={() => <GridSummary meta={meta} columns={columns} summary={page.data?.summary ?? null} />}
        pagination={{
          current: request.page,
          pageSize: request.rows,
          total,
          showSizeChanger: true,
          pageSizeOptions: [30, 60, 100, 200, 500],
          size: 'small',
          showTotal: () =>
            page.data?.totalExact === false ? (
              <span data-testid="grid-total">
                {t('grid.aboutTotal', { count: total })}{' '}
                <Typography.Link onClick={() => setRequest((r) => ({ ...r, exactTotal: true }))}>
                  {t('grid.countExactly')}
                </Typography.Link>
              </span>
            ) : (
              <span data-testid="grid-total">{t('grid.total', { count: total })}</span>
            ),
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const sortField = s?.order ? String(s.columnKey ?? s.field) : meta.defaultSort.field;
          const order = s?.order ? (s.order === 'ascend' ? 'asc' : 'desc') : meta.defaultSort.order;
          setRequest((r) => ({
            ...r,
            page: r.sort !== sortField || r.order !== order ? 1 : (pagination.current ?? 1),
            rows: pagination.pageSize ?? r.rows,
            sort: sortField,
            order,
          }));
        }}
      />
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
        <ImportDialog
          meta={meta}
          canUpdate={granted.includes(idOf('Update'))}
          onClose={closeDialog}
          onImported={refresh}
        />
      )}
      {dialog?.kind === 'audit' && (
        <AuditDialog
          canApprove={canApprove}
          onClose={closeDialog}
          onAudit={async (status, reason) => {
            await api.audit(selected, status, reason);
            closeDialog();
            refresh();
          }}
        />
      )}
    </Space>
  );
}
