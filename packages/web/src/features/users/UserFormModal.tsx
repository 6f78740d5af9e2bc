import { type AddUserBody, addUserBodySchema, type UserOptions, type UserRow } from '@trestle/shared';
import { App, Form, Input, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { fieldErrorsToFields, zodRule } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http/transport.ts';
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

/** Add (user null) or edit a user: the shared schema drives the rules, the server's field errors land on the fields. */
export function UserFormModal(props: { open: boolean; user: UserRow | null; options?: UserOptions; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const add = useAddUser();
  const update = useUpdateUser();
  const { user } = props;
  const translate = (msg: string) => t(`validation.${msg}`, { defaultValue: msg });
  const rule = (name: keyof typeof addUserBodySchema.shape) => [zodRule(addUserBodySchema.shape[name], translate)];

  const submit = async () => {
    const v = await form.validateFields();
    const fields = {
      userTrueName: v.userTrueName,
      phone: v.phone ?? '',
      email: v.email ?? '',
      organizationId: v.organizationId ?? null,
      organizationIds: v.organizationIds ?? [],
      roleIds: v.roleIds ?? [],
    };
    try {
      if (user) await update.mutateAsync({ id: user.id, ...fields });
      else await add.mutateAsync({ ...fields, userName: v.userName, password: v.password, enabled: v.enabled ?? true });
      void message.success(t('users-roles.saved'));
      props.onClose();
    } catch (e) {
      const errors = e instanceof HttpError ? fieldErrorsToFields(e.fieldErrors, FIELDS) : [];
      if (errors.length) form.setFields(errors);
      else void message.error(e instanceof Error ? e.message : String(e));
    }
  };

  const initial: Partial<FormValues> = user
    ? { ...user, organizationId: user.organizationId }
    : { enabled: true, phone: '', email: '', organizationIds: [], roleIds: [] };

  return (
    <AppModal
      open={props.open}
      title={t(user ? 'users-roles.editUser' : 'users-roles.addUser')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || update.isPending}
      onOk={() => void submit().catch(() => {})}
      onCancel={props.onClose}
    >
      <Form<FormValues> form={form} layout="vertical" preserve={false} initialValues={initial}>
        <Form.Item label={t('users-roles.userName')} name="userName" required rules={user ? [] : rule('userName')}>
          <Input disabled={Boolean(user)} autoComplete="off" />
        </Form.Item>
        {!user && (
          <Form.Item label={t('users-roles.password')} name="password" required rules={rule('password')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item label={t('users-roles.userTrueName')} name="userTrueName" required rules={rule('userTrueName')}>
          <Input />
        </Form.Item>
        <Form.Item label={t('users-roles.phone')} name="phone" rules={rule('phone')}>
          <Input />
        </Form.Item>
        <Form.Item label={t('users-roles.email')} name="email" rules={rule('email')}>
          <Input />
        </Form.Item>
        <Form.Item label={t('users-roles.mainOrganization')} name="organizationId">
          <TreeSelect
            allowClear
            treeDataSimpleMode
            treeDefaultExpandAll
            treeData={treeData(props.options?.organizations ?? [])}
          />
        </Form.Item>
        <Form.Item label={t('users-roles.organizations')} name="organizationIds">
          <TreeSelect
            multiple
            allowClear
            treeDataSimpleMode
            treeDefaultExpandAll
            treeData={treeData(props.options?.organizations ?? [])}
          />
        </Form.Item>
        <Form.Item label={t('users-roles.roles')} name="roleIds">
          <TreeSelect
            multiple
            allowClear
            treeDataSimpleMode
            treeDefaultExpandAll
            treeData={treeData(props.options?.roles ?? [])}
          />
        </Form.Item>
        {!user && (
          <Form.Item label={t('users-roles.enabled')} name="enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </AppModal>
  );
}
