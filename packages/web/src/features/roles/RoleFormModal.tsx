import { type AddRoleBody, addRoleBodySchema, type Role } from '@trestle/shared';
import { App, Form, Input, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { fieldErrorsToFields, zodRule } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http.ts';
import { useAddRole, useRoleTypeOptions, useUpdateRole } from './roles-api.ts';

type Values = Omit<AddRoleBody, 'parentId' | 'roleTypeId'> & { parentId?: number | null; roleTypeId?: number | null };
const FIELDS = ['parentId', 'code', 'name', 'nameZh', 'roleTypeId'] as const;

export type RoleEdit = { role: Role | null; parentId: number | null };

/** Add a role (below a parent) or edit one; the super flag shows only to a super admin. */
export function RoleFormModal(props: { edit: RoleEdit; roles: Role[]; callerIsSuper: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const types = useRoleTypeOptions();
  const add = useAddRole();
  const update = useUpdateRole();
  const { role } = props.edit;
  const translate = (msg: string) => t(`validation.${msg}`, { defaultValue: msg });

  // A role cannot move below itself: its own subtree is left out of the parent choices.
  const below = new Set<number>();
  if (role) {
    below.add(role.id);
    let grew = true;
    while (grew) {
      grew = false;
      for (const r of props.roles) {
        if (r.parentId !== null && below.has(r.parentId) && !below.has(r.id)) {
          below.add(r.id);
          grew = true;
        }
      }
    }
  }
  const parents = props.roles
    .filter((r) => !below.has(r.id))
    .map((r) => ({ id: r.id, pId: r.parentId ?? 0, value: r.id, title: r.name }));

  const submit = async () => {
    const v = await form.validateFields();
    const body = {
      parentId: v.parentId ?? null,
      code: v.code,
      name: v.name,
      nameZh: v.nameZh ?? null,
      roleTypeId: v.roleTypeId ?? null,
      enabled: v.enabled ?? true,
      ...(props.callerIsSuper ? { isSuper: v.isSuper ?? false } : {}),
    };
    try {
      if (role) await update.mutateAsync({ ...body, id: role.id });
      else await add.mutateAsync(body);
      void message.success(t('users-roles.saved'));
      props.onClose();
    } catch (e) {
      const errors = e instanceof HttpError ? fieldErrorsToFields(e.fieldErrors, FIELDS) : [];
      if (errors.length) form.setFields(errors);
      else void message.error(e instanceof Error ? e.message : String(e));
    }
  };

  // The editor shows the two stored names; `name` on the list is the reader's.
  const initial: Partial<Values> = role
    ? { ...role, name: role.nameEn }
    : { parentId: props.edit.parentId, enabled: true, isSuper: false };
  return (
    <AppModal
      open
      title={t(role ? 'users-roles.editRole' : 'users-roles.addRole')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || update.isPending}
      onOk={() => void submit().catch(() => {})}
      onCancel={props.onClose}
    >
      <Form<Values> form={form} layout="vertical" preserve={false} initialValues={initial}>
        <Form.Item label={t('users-roles.parentRole')} name="parentId">
          <TreeSelect allowClear treeDataSimpleMode treeDefaultExpandAll treeData={parents} />
        </Form.Item>
        <Form.Item
          label={t('users-roles.code')}
          name="code"
          required
          rules={[zodRule(addRoleBodySchema.shape.code, translate)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label={t('users-roles.roleName')}
          name="name"
          required
          rules={[zodRule(addRoleBodySchema.shape.name, translate)]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          label={t('users-roles.roleNameZh')}
          name="nameZh"
          rules={[zodRule(addRoleBodySchema.shape.nameZh, translate)]}
        >
          <Input maxLength={100} />
        </Form.Item>
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
      </Form>
    </AppModal>
  );
}
