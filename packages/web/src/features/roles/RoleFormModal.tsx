import { type AddRoleBody, addRoleBodySchema, type Role } from '@trestle/shared';
import { Form, Input, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/FormModal.tsx';
import { NameFields } from '../../components/form/NameFields.tsx';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
import { withDescendants } from '../../components/tree/tree-rows.ts';
import { useAddRole, useRoleTypeOptions, useUpdateRole } from './roles-api.ts';

type Values = Omit<AddRoleBody, 'parentId' | 'roleTypeId'> & { parentId?: number | null; roleTypeId?: number | null };
const FIELDS = ['parentId', 'code', 'name', 'nameZh', 'roleTypeId'] as const;

export type RoleEdit = { role: Role | null; parentId: number | null };

/** Add a role (below a parent) or edit one; the super flag shows only to a super admin. */
export function RoleFormModal(props: { edit: RoleEdit; roles: Role[]; callerIsSuper: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const types = useRoleTypeOptions();
  const add = useAddRole();
  const update = useUpdateRole();
  const { role } = props.edit;
  const rule = useSchemaRule(addRoleBodySchema.shape);

  // A role cannot move below itself: its own subtree is left out of the parent choices.
  const below = role ? withDescendants(props.roles, role.id) : new Set<number>();
  const parents = props.roles
    .filter((r) => !below.has(r.id))
    .map((r) => ({ id: r.id, pId: r.parentId ?? 0, value: r.id, title: r.name }));

  const submit = async (v: Values) => {
    const body = {
      parentId: v.parentId ?? null,
      code: v.code,
      name: v.name,
      nameZh: v.nameZh ?? null,
      roleTypeId: v.roleTypeId ?? null,
      enabled: v.enabled ?? true,
      ...(props.callerIsSuper ? { isSuper: v.isSuper ?? false } : {}),
    };
    if (role) await update.mutateAsync({ ...body, id: role.id });
    else await add.mutateAsync(body);
  };

  // The editor shows the two stored names; `name` on the list is the reader's.
  const initial: Partial<Values> = role
    ? { ...role, name: role.nameEn }
    : { parentId: props.edit.parentId, enabled: true, isSuper: false };
  return (
    <FormModal<Values>
      title={t(role ? 'users-roles.editRole' : 'users-roles.addRole')}
      form={form}
      fields={FIELDS}
      submit={submit}
      done={t('users-roles.saved')}
      onClose={props.onClose}
      initialValues={initial}
    >
      <Form.Item label={t('users-roles.parentRole')} name="parentId">
        <TreeSelect allowClear treeDataSimpleMode treeDefaultExpandAll treeData={parents} />
      </Form.Item>
      <Form.Item label={t('users-roles.code')} name="code" required rules={[rule('code')]}>
        <Input />
      </Form.Item>
      <NameFields
        label={{ name: t('users-roles.roleName'), nameZh: t('users-roles.roleNameZh') }}
        rule={rule}
        maxLength={100}
        zhRequired={false}
      />
      <Form.Item label={t('users-roles.roleType')} name="roleTypeId">
        <Select
          allowClear
          options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          loading={types.isFetching}
        />
      </Form.Item>
      <Form.Item label={t('users-roles.enabled')} name="enabled" valuePropName="checked">
        <Switch />
      </Form.Item>
      {props.callerIsSuper && (
        <Form.Item label={t('users-roles.isSuper')} name="isSuper" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </FormModal>
  );
}
