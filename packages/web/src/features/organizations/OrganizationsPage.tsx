import { DeleteOutlined, PlusOutlined, ReloadOutlined, SaveOutlined, SubnodeOutlined } from '@ant-design/icons';
import type { OrganizationRow, OrganizationUser } from '@trestle/shared';
import { App, Card, Col, Empty, Form, Row, Space, Spin, Table, Tag, Tree, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ActionToolbar, type ToolbarItem } from '../../components/ActionToolbar.tsx';
import { fieldErrorsToFields } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http.ts';
import { useAppStore } from '../../lib/store.ts';
import { OrganizationForm, type OrganizationFormValues } from './OrganizationForm.tsx';
import {
  addOrganization,
  deleteOrganization,
  updateOrganization,
  useOrganizations,
  useOrganizationsChanged,
  useOrganizationTypes,
  useOrganizationUsers,
} from './organizations-api.ts';

const FIELDS = ['parentId', 'code', 'name', 'nameZh', 'type', 'managerId', 'sort'] as const;

type Selection = { kind: 'edit'; id: number } | { kind: 'new'; parentId: number | null } | null;
type TreeNode = { key: number; title: string; children: TreeNode[] };

function buildTree(rows: readonly OrganizationRow[], label: (r: OrganizationRow) => string): TreeNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const build = (parentId: number | null, seen: ReadonlySet<number>): TreeNode[] =>
    rows
      .filter((r) => (parentId === null ? r.parentId === null || !ids.has(r.parentId) : r.parentId === parentId))
      .filter((r) => !seen.has(r.id))
      .map((r) => ({ key: r.id, title: label(r), children: build(r.id, new Set([...seen, r.id])) }));
  return build(null, new Set());
}

const useButtonId = (code: string) => useAppStore((s) => s.buttons.find((b) => b.code === code)?.id);

/** /Organization: the tenant's organisation tree, the selected unit's form and its users. */
export function OrganizationsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const k = (key: string, o?: Record<string, unknown>) => t(`organizations-menus.org.${key}`, o);
  const { data: rows = [], isLoading, refetch } = useOrganizations();
  const changed = useOrganizationsChanged();
  const types = useOrganizationTypes();
  const ids = {
    search: useButtonId('Search'),
    add: useButtonId('Add'),
    update: useButtonId('Update'),
    remove: useButtonId('Delete'),
  };
  const [form] = Form.useForm<OrganizationFormValues>();
  const [selection, setSelection] = useState<Selection>(null);
  const [saving, setSaving] = useState(false);
  const editing = selection?.kind === 'edit' ? rows.find((r) => r.id === selection.id) : undefined;
  const users = useOrganizationUsers(editing?.id);
  const typeLabel = (v: string) => types.find((o) => o.value === v)?.label ?? v;
  const tree = useMemo(() => buildTree(rows, (r) => `${r.name} (${r.code})`), [rows]);

  useEffect(() => {
    if (selection?.kind !== 'edit' || !editing) return;
    // The editor shows the two stored names; `name` in the tree is the reader's.
    const { parentId, code, nameEn, nameZh, type, managerId, sort } = editing;
    form.setFieldsValue({ parentId, code, name: nameEn, nameZh, type, managerId, sort });
  }, [selection, editing, form]);

  const startNew = (parentId: number | null) => {
    form.resetFields();
    form.setFieldsValue({
      parentId,
      code: '',
      name: '',
      nameZh: null,
      type: parentId === null ? 'company' : 'department',
      sort: 0,
    });
    setSelection({ kind: 'new', parentId });
  };

  const save = async () => {
    const values = await form.validateFields();
    const body = {
      ...values,
      nameZh: values.nameZh ?? null,
      parentId: values.parentId ?? null,
      managerId: values.managerId ?? null,
    };
    setSaving(true);
    try {
      const { id } = editing ? await updateOrganization({ ...body, id: editing.id }) : await addOrganization(body);
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
      title: k('confirmDelete', { name: editing.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteOrganization(editing.id);
        } catch {
          return; // The HTTP client has shown why (units, users or employees under it).
        }
        await changed();
        setSelection(null);
        form.resetFields();
        void message.success(k('deleted'));
      },
    });
  };

  const treeItems: ToolbarItem[] = [
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
      id: ids.remove,
      key: 'delete',
      label: k('delete'),
      icon: <DeleteOutlined />,
      danger: true,
      disabled: !editing,
      onClick: remove,
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} lg={9}>
        <Card title={k('heading')} size="small" extra={<ActionToolbar items={treeItems} />}>
          {isLoading ? (
            <Spin />
          ) : (
            <Tree
              data-testid="organization-tree"
              blockNode
              defaultExpandAll
              showLine
              treeData={tree}
              titleRender={(node) => {
                const row = rows.find((r) => r.id === node.key);
                return (
                  <Space size={6}>
                    <span>{node.title}</span>
                    {row && <Tag>{typeLabel(row.type)}</Tag>}
                  </Space>
                );
              }}
              selectedKeys={editing ? [editing.id] : []}
              onSelect={(keys) => {
                const id = keys[0];
                setSelection(id === undefined ? null : { kind: 'edit', id: Number(id) });
              }}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Card
            size="small"
            title={editing ? editing.name : selection?.kind === 'new' ? k('newOrg') : k('noSelection')}
            extra={<ActionToolbar items={formItems} />}
          >
            {selection ? (
              <OrganizationForm form={form} rows={rows} editing={editing} />
            ) : (
              <Empty description={<Typography.Text type="secondary">{k('pick')}</Typography.Text>} />
            )}
          </Card>
          {editing && (
            <Card size="small" title={k('users', { count: editing.userCount })}>
              <Table<OrganizationUser>
                rowKey="id"
                size="small"
                loading={users.isFetching}
                pagination={false}
                dataSource={users.data ?? []}
                locale={{ emptyText: k('noUsers') }}
                columns={[
                  { title: k('userName'), dataIndex: 'userName' },
                  { title: k('userTrueName'), dataIndex: 'userTrueName' },
                  {
                    title: k('enabled'),
                    dataIndex: 'enabled',
                    render: (on: boolean) => (on ? k('yes') : k('no')),
                  },
                ]}
              />
              <Link to="/User">{k('openUsers')}</Link>
            </Card>
          )}
        </Space>
      </Col>
    </Row>
  );
}
