import { App, Button, Flex, Form, Input, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadNavigation } from '../../../components/navigation.ts';
import { publishDashboard, unpublishDashboard, useMenuFolders, useRoles } from './editor-api.ts';
import type { Draft, Saved } from './use-dashboard-draft.ts';

type Props = {
  draft: Draft;
  change(update: (d: Draft) => Draft): void;
  saved: Saved;
  onMenuCode(code: string | null): void;
  nameMissing: boolean;
};

/** The refresh choices: off, or seconds between refreshes (the contract's 30 s at least). */
const REFRESH = [0, 30, 60, 300, 900, 1800, 3600];

/** The dashboard's name and words, its switches, who it is shared with, and its menu entry. */
export function SettingsPanel({ draft, change, saved, onMenuCode, nameMissing }: Props) {
  const { t } = useTranslation();
  const roles = useRoles();
  const refresh = draft.definition.refreshSeconds;
  const refreshLabel = (s: number) =>
    s === 0
      ? t('dashboardEditor.refreshOff')
      : s % 3600 === 0
        ? t('dashboardEditor.refreshHours', { count: s / 3600 })
        : s % 60 === 0
          ? t('dashboardEditor.refreshMinutes', { count: s / 60 })
          : t('dashboardEditor.refreshSeconds', { count: s });
  const choices = REFRESH.includes(refresh) ? REFRESH : [...REFRESH, refresh].sort((a, b) => a - b);
  return (
    <Form layout="vertical" size="small">
      <Form.Item
        label={t('dashboardEditor.name')}
        required
        validateStatus={nameMissing ? 'error' : undefined}
        help={nameMissing ? t('dashboardEditor.nameRequired') : undefined}
      >
        <Input
          aria-label={t('dashboardEditor.name')}
          value={draft.name}
          maxLength={100}
          onChange={(e) => change((d) => ({ ...d, name: e.target.value }))}
        />
      </Form.Item>
      <Form.Item label={t('dashboardEditor.description')}>
        <Input.TextArea
          aria-label={t('dashboardEditor.description')}
          value={draft.description}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => change((d) => ({ ...d, description: e.target.value }))}
        />
      </Form.Item>
      <Form.Item label={t('dashboardEditor.crossFilter')}>
        <Switch
          aria-label={t('dashboardEditor.crossFilter')}
          checked={draft.definition.crossFilter}
          onChange={(crossFilter) => change((d) => ({ ...d, definition: { ...d.definition, crossFilter } }))}
        />
      </Form.Item>
      <Form.Item label={t('dashboardEditor.refresh')}>
        <Select
          aria-label={t('dashboardEditor.refresh')}
          value={refresh}
          options={choices.map((s) => ({ value: s, label: refreshLabel(s) }))}
          onChange={(refreshSeconds) => change((d) => ({ ...d, definition: { ...d.definition, refreshSeconds } }))}
        />
      </Form.Item>
      <Form.Item label={t('dashboardEditor.shareRoles')} extra={t('dashboardEditor.shareHint')}>
        <Select
          mode="multiple"
          aria-label={t('dashboardEditor.shareRoles')}
          loading={roles.isPending}
          value={draft.shareRoles}
          optionFilterProp="label"
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          onChange={(shareRoles: number[]) => change((d) => ({ ...d, shareRoles }))}
        />
      </Form.Item>
      <MenuEntry saved={saved} onMenuCode={onMenuCode} />
    </Form>
  );
}

/** Publishing the dashboard as an entry of its viewers' menu (under a folder, or at the top), and back. */
function MenuEntry({ saved, onMenuCode }: Pick<Props, 'saved' | 'onMenuCode'>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [parent, setParent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const folders = useMenuFolders(saved.id !== undefined && saved.menuCode === null);
  const id = saved.id;
  if (id === undefined) return <Typography.Text type="secondary">{t('dashboardEditor.saveFirst')}</Typography.Text>;

  const act = async (call: () => Promise<string | null>, done: string) => {
    setBusy(true);
    try {
      onMenuCode(await call());
      message.success(done);
      // The designer's own menu shows the entry at once, when their roles see it.
      await reloadNavigation(true).catch(() => undefined);
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  if (saved.menuCode !== null)
    return (
      <Flex gap={8} align="center" wrap>
        <Tag color="green">{t('dashboardEditor.published', { code: saved.menuCode })}</Tag>
        <Button
          loading={busy}
          onClick={() =>
            act(async () => {
              await unpublishDashboard(id);
              return null;
            }, t('dashboardEditor.unpublishedDone'))
          }
        >
          {t('dashboardEditor.unpublish')}
        </Button>
      </Flex>
    );
  return (
    <Form.Item label={t('dashboardEditor.publishUnder')}>
      <Flex gap={8}>
        <Select
          aria-label={t('dashboardEditor.publishUnder')}
          style={{ flex: 1 }}
          value={parent ?? ''}
          options={[
            { value: '', label: t('dashboardEditor.topLevel') },
            ...(folders.data ?? []).map((f) => ({ value: f.code, label: f.name })),
          ]}
          onChange={(v: string) => setParent(v || null)}
        />
        <Button
          type="primary"
          ghost
          loading={busy}
          onClick={() =>
            act(async () => (await publishDashboard(id, parent)).menuCode, t('dashboardEditor.publishedDone'))
          }
        >
          {t('dashboardEditor.publish')}
        </Button>
      </Flex>
    </Form.Item>
  );
}
