import { formatLocalDateTime, type UserRow, type UserSession } from '@trestle/shared';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { QueryTable } from '../../components/grid/QueryTable.tsx';
import { useEndSessions, useUserSessions } from './users-api.ts';

const when = (iso: string | null) => (iso ? formatLocalDateTime(iso) : '—');

/**
 * A user's active sessions, with "end sessions" for those who may update users. Not built from the ViewGrid
 * parts: a handful of rows (one per signed-in device), shown whole in a dialog.
 */
export function SessionsModal({ user, canEnd, onClose }: { user: UserRow | null; canEnd: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sessions = useUserSessions(user?.id ?? null);
  const end = useEndSessions();

  const endAll = async () => {
    if (!user) return;
    try {
      await end.mutateAsync(user.id);
      void message.success(t('users-roles.sessionsEnded'));
    } catch {
      // The HTTP client has shown the failure.
    }
  };

  return (
    <AppModal
      open={user !== null}
      width={860}
      title={t('users-roles.sessionsOf', { name: user?.userName ?? '' })}
      onCancel={onClose}
      footer={[
        canEnd && (
          <Button
            key="end"
            danger
            disabled={!sessions.data?.length}
            loading={end.isPending}
            onClick={() => void endAll()}
          >
            {t('users-roles.endSessions')}
          </Button>
        ),
        <Button key="close" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
      ]}
    >
      <QueryTable<UserSession>
        rowKey="id"
        query={sessions}
        columns={[
          { title: t('users-roles.address'), dataIndex: 'address', width: 130 },
          { title: t('users-roles.userAgent'), dataIndex: 'userAgent', ellipsis: true },
          { title: t('users-roles.signedInAt'), dataIndex: 'createdAt', width: 170, render: when },
          { title: t('users-roles.rotatedAt'), dataIndex: 'rotatedAt', width: 170, render: when },
        ]}
      />
    </AppModal>
  );
}
