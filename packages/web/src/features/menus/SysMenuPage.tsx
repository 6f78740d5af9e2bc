import {
  DeleteOutlined,
  PlusOutlined,
  PlusSquareOutlined,
  ReloadOutlined,
  SaveOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import type { MenuRow } from '@trestle/shared';
import { App, Card, Col, Empty, Form, Row, Spin, Tree, type TreeProps, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar, type ToolbarItem } from '../../components/ActionToolbar.tsx';
import { fieldErrorsToFields } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http.ts';
import { MenuForm, type MenuFormValues } from './MenuForm.tsx';
import { buildTree, dropTarget, siblingsOf } from './menu-tree.ts';
import {
  addMenu,
  deleteMenu,
  moveMenu,
  updateMenu,
  useButtonCatalogue,
  useButtonId,
  useMenuRows,
  useMenusChanged,
} from './menus-api.ts';

const FIELDS = ['parentId', 'code', 'name', 'nameZh', 'url', 'icon', 'enable', 'sort', 'buttonIds'] as const;

/** What the form holds: an existing menu, or a new one under a parent. */
type Selection = { kind: 'edit'; id: number } | { kind: 'new'; parentId: number | null } | null;

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
  const { message, modal } = App.useApp();
  const k = (key: string, o?: Record<string, unknown>) => t(`organizations-menus.menu.${key}`, o);
  const { data: rows = [], isLoading, refetch } = useMenuRows();
  const changed = useMenusChanged();
  const buttons = useButtonCatalogue();
  const ids = { search: useButtonId('Search'), add: useButtonId('Add'), update: useButtonId('Update') };
  const removeId = useButtonId('Delete');
  const [form] = Form.useForm<MenuFormValues>();
  const [selection, setSelection] = useState<Selection>(null);
  const [saving, setSaving] = useState(false);
  const zh = i18n.language.startsWith('zh');
  const label = useCallback((r: MenuRow) => `${zh ? r.nameZh : r.name} (${r.code})`, [zh]);
  const tree = useMemo(() => buildTree(rows, label), [rows, label]);
  const editing = selection?.kind === 'edit' ? rows.find((r) => r.id === selection.id) : undefined;

  useEffect(() => {
    if (selection?.kind !== 'edit' || !editing) return;
    const { id: _id, builtIn: _b, ...values } = editing;
    form.setFieldsValue({ ...values, enable: values.enable === 0 || values.enable === 2 ? values.enable : 1 });
  }, [selection, editing, form]);

  const startNew = (parentId: number | null) => {
    const next = Math.max(0, ...rows.filter((r) => r.parentId === parentId).map((r) => r.sort)) + 10;
    form.resetFields();
    form.setFieldsValue(blank(parentId, next));
    setSelection({ kind: 'new', parentId });
  };

  const save = async () => {
    const values = await form.validateFields();
    const body = { ...blank(null, 0), ...values, parentId: values.parentId ?? null };
    setSaving(true);
    try {
      const { id } = editing ? await updateMenu({ ...body, id: editing.id }) : await addMenu(body);
      await changed();
      setSelection({ kind: 'edit', id });
      void message.success(k('saved'));
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const fields = fieldErrorsToFields(e.fieldErrors, FIELDS);
      if (fields.length) form.setFields(fields);
      else void message.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  const remove = () => {
    if (!editing) return;
    modal.confirm({
      title: k('confirmDelete', { name: label(editing) }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteMenu(editing.id);
        } catch {
          return; // The HTTP client has shown why (children, built in).
        }
        await changed();
        setSelection(null);
        form.resetFields();
        void message.success(k('deleted'));
      },
    });
  };

  const onDrop: TreeProps['onDrop'] = async (info) => {
    const drag = Number(info.dragNode.key);
    const target = Number(info.node.key);
    const last = Number(info.node.pos.split('-').at(-1));
    const relative = info.dropPosition - last;
    // A drop on the node itself, or just below an expanded node with children, lands inside it.
    const inside =
      !info.dropToGap || (relative === 1 && info.node.expanded && siblingsOf(rows, target, drag).length > 0);
    const where = dropTarget(rows, drag, target, inside ? 'inside' : relative === -1 ? 'before' : 'after');
    if (!where) return;
    let moved = false;
    try {
      await moveMenu({ id: drag, ...where });
      moved = true;
    } catch {
      // The HTTP client has shown the refusal (e.g. a move under its own sub-menu).
    }
    await changed();
    if (moved) void message.success(k('moved'));
  };

  const items: ToolbarItem[] = [
    { id: ids.search, key: 'refresh', label: k('refresh'), icon: <ReloadOutlined />, onClick: () => void refetch() },
    { id: ids.add, key: 'addTop', label: k('addTop'), icon: <PlusOutlined />, onClick: () => startNew(null) },
  ];
  const formItems: ToolbarItem[] = [
    {
      id: editing ? ids.update : ids.add,
      key: 'save',
      label: k('save'),
      icon: <SaveOutlined />,
      disabled: !selection || saving,
      onClick: () => void save(),
    },
    {
      id: ids.add,
      key: 'addChild',
      label: k('addChild'),
      icon: <SubnodeOutlined />,
      disabled: !editing,
      onClick: () => editing && startNew(editing.id),
    },
    {
      id: ids.add,
      key: 'addSibling',
      label: k('addSibling'),
      icon: <PlusSquareOutlined />,
      disabled: !editing,
      onClick: () => editing && startNew(editing.parentId),
    },
    {
      id: removeId,
      key: 'delete',
      label: k('delete'),
      icon: <DeleteOutlined />,
      danger: true,
      disabled: !editing || editing.builtIn,
      onClick: remove,
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} lg={9}>
        <Card title={k('heading')} size="small" extra={<ActionToolbar items={items} />}>
          {isLoading ? (
            <Spin />
          ) : (
            <Tree
              data-testid="menu-tree"
              draggable={{ icon: false }}
              blockNode
              defaultExpandAll
              showLine
              treeData={tree}
              selectedKeys={editing ? [editing.id] : []}
              onSelect={(keys) => {
                const id = keys[0];
                setSelection(id === undefined ? null : { kind: 'edit', id: Number(id) });
              }}
              onDrop={onDrop}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        {/* The form stays in view while the (long) tree scrolls by; a tall form scrolls inside its card. */}
        <Card
          size="small"
          data-testid="menu-form-card"
          style={{ position: 'sticky', top: 16 }}
          styles={{ body: { maxHeight: 'calc(100vh - 96px)', overflowY: 'auto' } }}
          title={editing ? label(editing) : selection?.kind === 'new' ? k('newMenu') : k('noSelection')}
          extra={<ActionToolbar items={formItems} />}
        >
          {selection ? (
            <MenuForm form={form} rows={rows} editing={editing} buttons={buttons} label={label} />
          ) : (
            <Empty description={<Typography.Text type="secondary">{k('pick')}</Typography.Text>} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
