import type { MenuRow } from '@trestle/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { TreeEditor } from '../../components/tree/TreeEditor.tsx';
import { useTreeEditor } from '../../components/tree/tree-editor.ts';
import { MenuForm, type MenuFormValues } from './MenuForm.tsx';
import {
  addMenu,
  deleteMenu,
  moveMenu,
  updateMenu,
  useButtonCatalogue,
  useMenuRows,
  useMenusChanged,
} from './menus-api.ts';

const FIELDS = ['parentId', 'code', 'name', 'nameZh', 'url', 'icon', 'enable', 'sort', 'buttonIds'] as const;

const blank = (parentId: number | null, sort: number): MenuFormValues => ({
  parentId,
  code: '',
  name: '',
  nameZh: '',
  url: '',
  icon: '',
  enable: 1,
  sort,
  buttonIds: [],
});

/** /sysMenu: the menu tree (drag to reorder and re-parent) and the selected menu's form. */
export function SysMenuPage() {
  const { t, i18n } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`organizations-menus.menu.${key}`, o);
  const menus = useMenuRows();
  const rows = menus.data ?? [];
  const buttons = useButtonCatalogue();
  const zh = i18n.language.startsWith('zh');
  const label = useCallback((r: MenuRow) => `${zh ? r.nameZh : r.name} (${r.code})`, [zh]);
  const editor = useTreeEditor<MenuRow, MenuFormValues>({
    query: menus,
    label,
    fields: FIELDS,
    k,
    nameOf: label,
    changed: useMenusChanged(),
    valuesOf: ({ id: _id, builtIn: _b, ...values }) => ({
      ...values,
      enable: values.enable === 0 || values.enable === 2 ? values.enable : 1,
    }),
    blank: (parentId) =>
      blank(parentId, Math.max(0, ...rows.filter((r) => r.parentId === parentId).map((r) => r.sort)) + 10),
    submit: (values, editing) => {
      const body = { ...blank(null, 0), ...values, parentId: values.parentId ?? null };
      return editing ? updateMenu({ ...body, id: editing.id }) : addMenu(body);
    },
    deleteRow: deleteMenu,
  });

  return (
    <TreeEditor
      editor={editor}
      testId="menu-tree"
      onMove={moveMenu}
      newTitle={k('newMenu')}
      addSibling
      deletable={(row) => !row.builtIn}
      // The form stays in view while the (long) tree scrolls by; a tall form scrolls inside its card.
      formCard={{
        'data-testid': 'menu-form-card',
        style: { position: 'sticky', top: 16 },
        styles: { body: { maxHeight: 'calc(100vh - 96px)', overflowY: 'auto' } },
      }}
    >
      <MenuForm form={editor.form} rows={rows} editing={editor.editing} buttons={buttons} label={label} />
    </TreeEditor>
  );
}
