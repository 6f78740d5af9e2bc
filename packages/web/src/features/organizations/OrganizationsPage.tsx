import type { OrganizationRow, OrganizationUser } from '@trestle/shared';
import { Card, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryTable } from '../../components/grid/QueryTable.tsx';
import { TreeEditor } from '../../components/tree/TreeEditor.tsx';
import { useTreeEditor } from '../../components/tree/tree-editor.ts';
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

const treeLabel = (r: OrganizationRow) => `${r.name} (${r.code})`;

/** /Organization: the tenant's organisation tree, the selected unit's form and its users. */
export function OrganizationsPage() {
  const { t } = useTranslation();
  const k = (key: string, o?: Record<string, unknown>) => t(`organizations-menus.org.${key}`, o);
  const organizations = useOrganizations();
  const rows = organizations.data ?? [];
  const types = useOrganizationTypes();
  const editor = useTreeEditor<OrganizationRow, OrganizationFormValues>({
    query: organizations,
    label: treeLabel,
    fields: FIELDS,
    k,
    nameOf: (r) => r.name,
    changed: useOrganizationsChanged(),
    // The editor shows the two stored names; `name` in the tree is the reader's.
    valuesOf: ({ parentId, code, nameEn, nameZh, type, managerId, sort }) => ({
      parentId,
      code,
      name: nameEn,
      nameZh,
      type,
      managerId,
      sort,
    }),
    blank: (parentId) => ({
      parentId,
      code: '',
      name: '',
      nameZh: null,
      type: parentId === null ? 'company' : 'department',
      managerId: undefined,
      sort: 0,
    }),
    submit: (values, editing) => {
      const body = {
        ...values,
        nameZh: values.nameZh ?? null,
        parentId: values.parentId ?? null,
        managerId: values.managerId ?? null,
      };
      return editing ? updateOrganization({ ...body, id: editing.id }) : addOrganization(body);
    },
    deleteRow: deleteOrganization,
  });
  const { editing } = editor;
  const users = useOrganizationUsers(editing?.id);
  const typeLabel = (v: string) => types.find((o) => o.value === v)?.label ?? v;

  return (
    <TreeEditor
      editor={editor}
      testId="organization-tree"
      titleRender={(node) => {
        const row = rows.find((r) => r.id === node.key);
        return (
          <Space size={6}>
            <span>{String(node.title)}</span>
            {row && <Tag>{typeLabel(row.type)}</Tag>}
          </Space>
        );
      }}
      newTitle={k('newOrg')}
      below={
        editing ? (
          <Card size="small" title={k('users', { count: editing.userCount })}>
            {/* Not built from the ViewGrid parts: the chosen unit's members, shown whole beside its form (a side panel, not a list screen). */}
            <QueryTable<OrganizationUser>
              rowKey="id"
              query={users}
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
        ) : null
      }
    >
      <OrganizationForm form={editor.form} rows={rows} editing={editing} />
    </TreeEditor>
  );
}
