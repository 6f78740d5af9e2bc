import { type AddRoleTypeBody, addRoleTypeBodySchema, type RoleType } from '@trestle/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form/FormModal.tsx';
import { zodRule } from '../../components/zod-rules.ts';
import { useSaveRoleType } from './role-types-api.ts';

/** Add a role type, or rename one. */
export function RoleTypeModal({ type, onClose }: { type: RoleType | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddRoleTypeBody>();
  const save = useSaveRoleType();
  const translate = (msg: string) => t(`validation.${msg}`, { defaultValue: msg });

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
      <Form.Item
        label={t('users-roles.code')}
        name="code"
        required
        rules={[zodRule(addRoleTypeBodySchema.shape.code, translate)]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label={t('users-roles.roleTypeName')}
        name="name"
        required
        rules={[zodRule(addRoleTypeBodySchema.shape.name, translate)]}
      >
        <Input />
      </Form.Item>
    </FormModal>
  );
}
