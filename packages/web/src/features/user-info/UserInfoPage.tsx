import {
  DeleteOutlined,
  KeyOutlined,
  LogoutOutlined,
  ReloadOutlined,
  SaveOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type UpdateProfileBody, updateProfileBodySchema } from '@trestle/shared';
import { App, Avatar, Form, Space, Typography } from 'antd';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../../components/ActionToolbar.tsx';
import { useFileBlob } from '../../components/blob-url.ts';
import { currentUserKeys, useCurrentUser } from '../../components/current-user.ts';
import { ContactFields } from '../../components/form/ContactFields.tsx';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
import { useSignOut } from '../../components/navigation.ts';
import { fieldErrorsToFields } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { useAppStore } from '../../lib/store.ts';
import { modalDefaults } from '../../lib/theme.ts';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';
import { removeAvatar, updateProfile, uploadAvatar } from './user-info-api.ts';

/** Button ids of the catalogue (seeded with the platform). */
const BUTTON = { search: 1, update: 3, remove: 4, upload: 8 } as const;

const initials = (name: string) => name.trim().slice(0, 2).toUpperCase();

export function UserInfoPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const userInfo = useAppStore((s) => s.userInfo);
  const setUserInfo = useAppStore((s) => s.setUserInfo);
  const { data: user, refetch } = useCurrentUser();
  const [form] = Form.useForm<UpdateProfileBody>();
  const [passwordOpen, setPasswordOpen] = useState(false);
  // A temporary password (admin reset): every other call answers 403 until it is changed.
  useEffect(() => {
    if (user?.mustChangePassword) setPasswordOpen(true);
  }, [user?.mustChangePassword]);
  const fileInput = useRef<HTMLInputElement>(null);
  const img = user?.img ?? userInfo?.img;
  const avatarUrl = useFileBlob(img, 'avatar');
  const rule = useSchemaRule(updateProfileBodySchema.shape);

  useEffect(() => {
    if (user) form.setFieldsValue({ userTrueName: user.userTrueName, phone: user.phone, email: user.email });
  }, [user, form]);

  const syncStore = (patch: Partial<{ userTrueName: string; img: string }>) => {
    if (userInfo) setUserInfo({ ...userInfo, ...patch });
    void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
  };

  const save = async () => {
    const values = await form.validateFields();
    try {
      const updated = await updateProfile(values);
      syncStore({ userTrueName: updated.userTrueName });
      void message.success(t('userInfo.saved'));
    } catch (e) {
      const fieldErrors =
        e instanceof HttpError ? fieldErrorsToFields(e.fieldErrors, ['userTrueName', 'phone', 'email'] as const) : [];
      if (fieldErrors.length > 0) form.setFields(fieldErrors);
      else void message.error(e instanceof Error ? e.message : String(e));
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const { img: newImg } = await uploadAvatar(file);
      syncStore({ img: newImg });
      void message.success(t('userInfo.avatarUploaded'));
    } catch {
      // The HTTP client has shown the failure.
    }
  };

  const confirmRemove = () =>
    modal.confirm({
      ...modalDefaults,
      title: t('userInfo.removeAvatarConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await removeAvatar();
        syncStore({ img: '' });
        void message.success(t('userInfo.avatarRemoved'));
      },
    });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 560 }}>
      <ActionToolbar
        items={[
          {
            id: BUTTON.search,
            key: 'refresh',
            label: t('userInfo.refresh'),
            icon: <ReloadOutlined />,
            onClick: () => void refetch(),
          },
          {
            id: BUTTON.update,
            key: 'save',
            label: t('userInfo.save'),
            icon: <SaveOutlined />,
            onClick: () => void save().catch(() => {}),
          },
          {
            id: BUTTON.upload,
            key: 'upload',
            label: t('userInfo.uploadAvatar'),
            icon: <UploadOutlined />,
            onClick: () => fileInput.current?.click(),
          },
          {
            id: BUTTON.remove,
            key: 'removeAvatar',
            label: t('userInfo.removeAvatar'),
            icon: <DeleteOutlined />,
            danger: true,
            onClick: confirmRemove,
          },
          {
            key: 'password',
            label: t('userInfo.changePassword'),
            icon: <KeyOutlined />,
            onClick: () => setPasswordOpen(true),
          },
          { key: 'signOut', label: t('header.signOut'), icon: <LogoutOutlined />, onClick: () => void signOut() },
        ]}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        aria-label={t('userInfo.avatarFile')}
        hidden
        onChange={(e) => void onFile(e)}
      />
      <Space>
        <Avatar size={64} src={avatarUrl} alt={userInfo?.userName}>
          {initials(user?.userTrueName || userInfo?.userTrueName || userInfo?.userName || '?')}
        </Avatar>
        <Typography.Text strong>{user?.userName ?? userInfo?.userName}</Typography.Text>
      </Space>
      <Form<UpdateProfileBody> form={form} layout="vertical">
        <ContactFields label={(name) => t(`register.${name}`)} rule={rule} />
      </Form>
      <ChangePasswordModal
        open={passwordOpen}
        onClose={() => {
          setPasswordOpen(false);
          if (user?.mustChangePassword) void refetch();
        }}
      />
    </Space>
  );
}
