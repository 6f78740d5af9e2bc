import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { type AddRoleTypeBody, addRoleTypeBodySchema, type RoleType } from '@trestle/shared';
import { App, Button, Form, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { AppModal } from '../../components/AppModal.tsx';
import { useMenuGrants } from '../../components/menu-grants.ts';
import { fieldErrorsToFields, zodRule } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http.ts';
import { useDeleteRoleType, useRoleTypes, useSaveRoleType } from './role-types-api.ts';

/** /roletype: the global role types that group roles; a type in use cannot be deleted. */
export function RoleTypesPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const grants = useMenuGrants();
  const list = useRoleTypes();
  const del = useDeleteRoleType();
  const [editing, setEditing] = useState<{ type: RoleType | null } | null>(null);

  const confirmDelete = (type: RoleType) =>
    modal.confirm({
      title: t('users-roles.deleteTypeTitle', { name: type.name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await del.mutateAsync(type.id);
          void message.success(t('users-roles.deleted'));
        } catch {
          // The HTTP client has shown why.
        }
      },
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('users-roles.roleTypesHint')}</Typography.Text>
      <ActionToolbar
        items={[
          {
            id: grants.idOf('Add'),
            key: 'add',
            label: t('users-roles.addRoleType'),
            icon: <PlusOutlined />,
            onClick: () => setEditing({ type: null }),
          },
          {
            key: 'refresh',
            label: t('users-roles.refresh'),
            icon: <ReloadOutlined />,
            onClick: () => void list.refetch(),
          },
        ]}
      />
      <Table<RoleType>
        rowKey="id"
        size="small"
        pagination={false}
        loading={list.isFetching}
        dataSource={list.data ?? []}
        columns={[
          { title: t('users-roles.code'), dataIndex: 'code', width: 180 },
          { title: t('users-roles.roleTypeName'), dataIndex: 'name' },
          { title: t('users-roles.roleCount'), dataIndex: 'roleCount', width: 120 },
          {
            title: t('users-roles.actions'),
            key: 'actions',
            width: 180,
            render: (_, x) => (
              <Space size={0}>
                {grants.can('Update') && (
                  <Button type="link" size="small" onClick={() => setEditing({ type: x })}>
                    {t('users-roles.edit')}
                  </Button>
                )}
                {grants.can('Delete') && (
                  <Button type="link" size="small" danger disabled={x.roleCount > 0} onClick={() => confirmDelete(x)}>
                    {t('users-roles.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && <RoleTypeModal type={editing.type} onClose={() => setEditing(null)} />}
    </Space>
  );
}

function RoleTypeModal({ type, onClose }: { type: RoleType | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddRoleTypeBody>();
  const save = useSaveRoleType();
  const translate = (msg: string) => t(`validation.${msg}`, { defaultValue: msg });

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync(type ? { ...v, id: type.id } : v);
      void message.success(t('users-roles.saved'));
      onClose();
    } catch (e) {
      const errors = e instanceof HttpError ? fieldErrorsToFields(e.fieldErrors, ['code', 'name'] as const) : [];
      if (errors.length) form.setFields(errors);
      else void message.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <AppModal
      open
      title={t(type ? 'users-roles.editRoleType' : 'users-roles.addRoleType')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
    >
      <Form<AddRoleTypeBody> form={form} layout="vertical" preserve={false} initialValues={type ?? {}}>
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
      </Form>
    </AppModal>
  );
}
