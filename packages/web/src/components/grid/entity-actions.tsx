import { AuditOutlined, SendOutlined } from '@ant-design/icons';
import type { EntityMeta } from '@trestle/shared';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modalDefaults } from '../../lib/theme.ts';
import type { ToolbarItem } from '../ActionToolbar.tsx';
import type { Row } from './columns.tsx';
import { entityApi } from './entity-api.ts';
import { gridActions } from './grid-actions.tsx';
import type { EntityGrid } from './use-entity-grid.ts';

export type EntityDialog = { kind: 'edit'; row: Row | null } | { kind: 'import' } | { kind: 'audit' } | null;

type Options = {
  meta: EntityMeta;
  grid: EntityGrid;
  search: () => void;
  open: (dialog: EntityDialog) => void;
  /** Refreshes the entity's queries after a change (its pages and its detail lines). */
  refresh: () => void;
};

/** The engine's toolbar of one entity: search, add, edit, delete, import, export, and submit/audit when it is audited. */
export function useEntityActions({ meta, grid, search, open, refresh }: Options): ToolbarItem[] {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const api = entityApi(meta.name);
  const standard = gridActions(t);
  const selected = grid.selectedKeys.map(Number);
  const needSelection = (run: () => void) => () =>
    selected.length ? run() : void message.warning(t('grid.selectSome'));

  const editSelected = () => {
    if (selected.length !== 1) return void message.warning(t('grid.selectOne'));
    const row = grid.rows.find((r) => r[meta.key] === selected[0]);
    if (row) open({ kind: 'edit', row });
  };

  const confirmDelete = () =>
    modal.confirm({
      ...modalDefaults,
      title: t('grid.deleteConfirm', { count: selected.length }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const { count } = await api.del(selected);
        void message.success(t('grid.deleted', { count }));
        grid.clearSelection();
        refresh();
      },
    });

  const exportRows = async () => {
    setExporting(true);
    const key = `export-${meta.name}`;
    void message.open({ key, type: 'loading', content: t('grid.exporting'), duration: 0 });
    try {
      await api.exportFile({ ...grid.request, page: 1 });
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

  return [
    standard.search(search),
    standard.add(() => open({ kind: 'edit', row: null })),
    standard.edit(editSelected),
    standard.remove(needSelection(confirmDelete)),
    standard.import(() => open({ kind: 'import' })),
    standard.export(() => void exportRows(), exporting),
    ...(meta.audit
      ? [
          {
            grant: 'Update',
            key: 'submit',
            label: t('grid.submit'),
            icon: <SendOutlined />,
            onClick: needSelection(() => void submitSelected()),
          },
          {
            grant: 'Audit',
            key: 'audit',
            label: t('grid.audit'),
            icon: <AuditOutlined />,
            onClick: needSelection(() => open({ kind: 'audit' })),
          },
        ]
      : []),
  ];
}
