import { type AddRoleTypeBody, addRoleTypeBodySchema, type RoleType } from '@trestle/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/FormModal.tsx';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
import { useSaveRoleType } from './role-types-api.ts';

/** Add a role type, or rename one. */
export function RoleTypeModal({ type, onClose }: { type: RoleType | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddRoleTypeBody>();
  const save = useSaveRoleType();
  const rule = useSchemaRule(addRoleTypeBodySchema.shape);

  return (
    <FormModal<AddRoleTypeBody>
      title={t(type ? 'users-roles.editRoleType' : 'users-roles.addRoleType')}
      form={form}
      fields={['code', 'name']}
      submit={(v) => save.mutateAsync(type ? { ...v, id: type.id } : v)}
      done={t('users-roles.saved')}
      onClose={onClose}
      initialValues={type ?? {}}
    >
      <Form.Item label={t('users-roles.code')} name="code" required rules={[rule('code')]}>
        <Input />
      </Form.Item>
      <Form.Item label={t('users-roles.roleTypeName')} name="name" required rules={[rule('name')]}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}
