import {
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  ImportOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ToolbarItem } from '../ActionToolbar.tsx';

type Run = () => void;

/**
 * The standard buttons of a list's toolbar, each shown under the grant of its catalogue button
 * (the grant the server checks on the route it calls). A screen lists them in its own order, with its
 * own actions beside them.
 */
export function gridActions(t: TFunction) {
  return {
    search: (onClick: Run): ToolbarItem => ({
      grant: 'Search',
      key: 'search',
      label: t('grid.search'),
      icon: <SearchOutlined />,
      onClick,
    }),
    /** Reads the list again; shown to everyone unless the screen puts it under a grant. */
    refresh: (onClick: Run, label: string, grant?: string): ToolbarItem => ({
      grant,
      key: 'refresh',
      label,
      icon: <ReloadOutlined />,
      onClick,
    }),
    add: (onClick: Run, label: string = t('grid.add')): ToolbarItem => ({
      grant: 'Add',
      key: 'add',
      label,
      icon: <PlusOutlined />,
      onClick,
    }),
    edit: (onClick: Run, disabled?: boolean): ToolbarItem => ({
      grant: 'Update',
      key: 'update',
      label: t('grid.edit'),
      icon: <EditOutlined />,
      disabled,
      onClick,
    }),
    remove: (onClick: Run, disabled?: boolean): ToolbarItem => ({
      grant: 'Delete',
      key: 'delete',
      label: t('grid.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      disabled,
      onClick,
    }),
    import: (onClick: Run): ToolbarItem => ({
      grant: 'Import',
      key: 'import',
      label: t('grid.import'),
      icon: <ImportOutlined />,
      onClick,
    }),
    export: (onClick: Run, exporting = false): ToolbarItem => ({
      grant: 'Export',
      key: 'export',
      label: exporting ? t('grid.exporting') : t('grid.export'),
      icon: <ExportOutlined spin={exporting} />,
      disabled: exporting,
      onClick,
    }),
  };
}
