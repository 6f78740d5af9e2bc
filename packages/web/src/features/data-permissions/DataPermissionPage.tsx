import { EditOutlined } from '@ant-design/icons';
import type { EntityScope } from '@trestle/shared';
import { Button, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../../components/form/layout.ts';
import { QueryTable } from '../../components/grid/QueryTable.tsx';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { useEntityScopes, useScopeOrganizations, useScopeRoles } from './data-permission-api.ts';
import { ExplainPanel } from './ExplainPanel.tsx';
import { LabelledSelect } from './LabelledSelect.tsx';
import { ScopeRuleDialog } from './ScopeRuleDialog.tsx';
import { describeRuleDetails, kindLabel } from './scope-text.ts';

const PATH = '/dataPermission';

/** /dataPermission: each role's row scope per entity, and why a user does or does not see a row. */
export function DataPermissionPage() {
  // Not built from the ViewGrid parts: one role's scope for each entity (a fixed set, edited in place), not a list of records.
  const { t, i18n } = useTranslation();
  const canUpdate = useMenuGrants(PATH).can('Update');
  const roles = useScopeRoles();
  const [chosenRole, setChosenRole] = useState<number>();
  const roleId = chosenRole ?? roles.data?.[0]?.id;
  const role = roles.data?.find((r) => r.id === roleId);
  const entities = useEntityScopes(roleId);
  const organizations = useScopeOrganizations();
  const [editing, setEditing] = useState<EntityScope | null>(null);

  const scopeCell = (e: EntityScope) =>
    e.rule ? (
      <Tag color="blue">{kindLabel(t, e.rule.scope)}</Tag>
    ) : (
      <Tag>{t('dataPermission.roleDefault', { scope: kindLabel(t, role?.defaultScope ?? 'all') })}</Tag>
    );

  const fieldLabelOf = (e: EntityScope) => (name: string) => {
    const f = e.fields.find((x) => x.name === name);
    return f ? labelOf(f, i18n.language) : name;
  };

  const scopes = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <LabelledSelect<number>
        label={t('dataPermission.role')}
        style={{ width: 240 }}
        loading={roles.isLoading}
        value={roleId}
        onChange={(id) => setChosenRole(id)}
        options={(roles.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }))}
      />
      <QueryTable<EntityScope>
        rowKey="entity"
        query={entities}
        loading={entities.isLoading}
        columns={[
          { title: t('dataPermission.entity'), render: (_, e) => labelOf(e, i18n.language) },
          { title: t('dataPermission.scope'), render: (_, e) => scopeCell(e) },
          {
            title: t('dataPermission.details'),
            render: (_, e) =>
              e.rule
                ? describeRuleDetails(e.rule, {
                    t,
                    organizations: organizations.data ?? [],
                    fieldLabel: fieldLabelOf(e),
                  })
                : '',
          },
          ...(canUpdate
            ? [
                {
                  title: t('dataPermission.actions'),
                  width: 110,
                  render: (_: unknown, e: EntityScope) => (
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`${t('dataPermission.edit')} ${labelOf(e, i18n.language)}`}
                      onClick={() => setEditing(e)}
                    >
                      {t('dataPermission.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Space>
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Tabs
        items={[
          { key: 'scopes', label: t('dataPermission.tabScopes'), children: scopes },
          {
            key: 'explain',
            label: t('dataPermission.tabExplain'),
            children: <ExplainPanel entities={entities.data ?? []} organizations={organizations.data ?? []} />,
          },
        ]}
      />
      {editing && role && (
        <ScopeRuleDialog
          role={role}
          entity={editing}
          organizations={organizations.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Space>
  );
}
