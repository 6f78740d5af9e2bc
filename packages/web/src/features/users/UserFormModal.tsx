import { type AddUserBody, addUserBodySchema, type UserOptions, type UserRow } from '@trestle/shared';
import { Form, Input, Switch, TreeSelect, type TreeSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContactFields } from '../../components/form/ContactFields.tsx';
import { FormModal } from '../../components/form/FormModal.tsx';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
import { useAddUser, useUpdateUser } from './users-api.ts';

type FormValues = Omit<AddUserBody, 'organizationId'> & { organizationId?: number | null };
const FIELDS = [
  'userName',
  'password',
  'userTrueName',
  'phone',
  'email',
  'organizationId',
  'organizationIds',
  'roleIds',
] as const;

/** Options with a parent as antd's flat tree data. */
export const treeData = (items: UserOptions['roles']) =>
  items.map((o) => ({ id: o.id, pId: o.parentId ?? 0, value: o.id, title: o.name }));

/** A choice among options with a parent (organisations, roles), as a tree shown open. */
function OptionTree({ options = [], ...select }: TreeSelectProps & { options?: UserOptions['roles'] }) {
  return <TreeSelect allowClear treeDataSimpleMode treeDefaultExpandAll treeData={treeData(options)} {...select} />;
}

/** Add (user null) or edit a user: the shared schema drives the rules, the server's field errors land on the fields. */
export function UserFormModal(props: { open: boolean; user: UserRow | null; options?: UserOptions; onClose(): void }) {
  const { t } = useTranslation();
  const add = useAddUser();
  const update = useUpdateUser();
  const { user } = props;
  const rule = useSchemaRule(addUserBodySchema.shape);

  const submit = async (v: FormValues) => {
    const fields = {
      userTrueName: v.userTrueName,
      phone: v.phone ?? '',
      email: v.email ?? '',
      organizationId: v.organizationId ?? null,
      organizationIds: v.organizationIds ?? [],
      roleIds: v.roleIds ?? [],
    };
    if (user) await update.mutateAsync({ id: user.id, ...fields });
    else await add.mutateAsync({ ...fields, userName: v.userName, password: v.password, enabled: v.enabled ?? true });
  };

  const initial: Partial<FormValues> = user
    ? { ...user, organizationId: user.organizationId }
    : { enabled: true, phone: '', email: '', organizationIds: [], roleIds: [] };

  return (
    <FormModal<FormValues>
      open={props.open}
      title={t(user ? 'users-roles.editUser' : 'users-roles.addUser')}
      fields={FIELDS}
      submit={submit}
      done={t('users-roles.saved')}
      onClose={props.onClose}
      initialValues={initial}
    >
      <Form.Item label={t('users-roles.userName')} name="userName" required rules={user ? [] : [rule('userName')]}>
        <Input disabled={Boolean(user)} autoComplete="off" />
      </Form.Item>
      {!user && (
        <Form.Item label={t('users-roles.password')} name="password" required rules={[rule('password')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
      <ContactFields label={(name) => t(`users-roles.${name}`)} rule={rule} />
      <Form.Item label={t('users-roles.mainOrganization')} name="organizationId">
        <OptionTree options={props.options?.organizations} />
      </Form.Item>
      <Form.Item label={t('users-roles.organizations')} name="organizationIds">
        <OptionTree multiple options={props.options?.organizations} />
      </Form.Item>
      <Form.Item label={t('users-roles.roles')} name="roleIds">
        <OptionTree multiple options={props.options?.roles} />
      </Form.Item>
      {!user && (
        <Form.Item label={t('users-roles.enabled')} name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </FormModal>
  );
}
