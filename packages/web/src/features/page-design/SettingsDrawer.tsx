import type { PageDetail, PageLabel } from '@trestle/shared';
import { App, Button, Drawer, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http/transport.ts';
import { LabelInputs } from './inputs.tsx';
import { getPage, savePageSettings, useFolders, useRoles } from './page-design-api.ts';

type Settings = { title: PageLabel; shareRoles: number[]; menuFolder: string; revision: number };

const settingsOf = (page: PageDetail): Settings => ({
  title: page.title,
  shareRoles: page.shareRoles,
  menuFolder: page.menuFolder ?? '',
  revision: page.revision,
});

/**
 * The page's own settings: its title, the roles that see it once published, and the menu folder it shows under
 * (taking effect at the next publish). Saved over the revision read; someone else's newer save is read again.
 */
export function SettingsDrawer({
  page,
  canEdit,
  onClose,
  onSaved,
}: {
  page: PageDetail;
  canEdit: boolean;
  onClose(): void;
  onSaved(page: PageDetail): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const roles = useRoles();
  const folders = useFolders();
  const [draft, setDraft] = useState(() => settingsOf(page));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      await savePageSettings({ id: page.id, ...draft });
      const fresh = await getPage(page.id);
      void message.success(t('pageDesign.settingsSaved'));
      onSaved(fresh);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      if (e.status === 409) {
        void message.warning(t('pageDesign.settingsConflict'));
        const fresh = await getPage(page.id);
        setDraft(settingsOf(fresh));
      } else if (Object.keys(e.fieldErrors).length) setProblems(e.fieldErrors);
      else void message.error(e.message);
    } finally {
      setBusy(false);
    }
  };
  const item = (key: string, label: string, child: React.ReactNode) => {
    const problem = Object.entries(problems).find(([k]) => k === key || k.startsWith(`${key}.`))?.[1];
    return (
      <Form.Item label={label} validateStatus={problem ? 'error' : undefined} help={problem}>
        {child}
      </Form.Item>
    );
  };

  return (
    <Drawer
      open
      title={t('pageDesign.settings')}
      onClose={onClose}
      extra={
        <Button type="primary" loading={busy} disabled={!canEdit} onClick={() => void save()}>
          {t('pageDesign.save')}
        </Button>
      }
    >
      <Form layout="vertical">
        {item(
          'title',
          t('pageDesign.col.title'),
          <LabelInputs
            label={t('pageDesign.col.title')}
            value={draft.title}
            disabled={!canEdit}
            onChange={(title) => setDraft((d) => ({ ...d, title }))}
          />,
        )}
        {item(
          'shareRoles',
          t('pageDesign.shareRoles'),
          <Select
            aria-label={t('pageDesign.shareRoles')}
            mode="multiple"
            optionFilterProp="label"
            disabled={!canEdit}
            loading={roles.isFetching}
            value={draft.shareRoles}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            onChange={(shareRoles: number[]) => setDraft((d) => ({ ...d, shareRoles }))}
          />,
        )}
        {item(
          'menuFolder',
          t('pageDesign.menuFolder'),
          <Select
            aria-label={t('pageDesign.menuFolder')}
            disabled={!canEdit}
            loading={folders.isFetching}
            value={draft.menuFolder}
            options={[
              { value: '', label: t('pageDesign.topLevel') },
              ...(folders.data ?? []).map((f) => ({ value: f.code, label: f.name })),
            ]}
            onChange={(menuFolder: string) => setDraft((d) => ({ ...d, menuFolder }))}
          />,
        )}
      </Form>
    </Drawer>
  );
}
