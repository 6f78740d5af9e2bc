import { CheckCircleTwoTone, CloseCircleTwoTone, LoadingOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { type BlockAction, blockActions } from '@trestle/shared';
import { Alert, Button, Checkbox, Form, List, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { reloadNavigation } from '../../components/navigation.ts';
import type { PublishProps } from './MixWizard.tsx';
import { usePageRoles } from './mix-api.ts';
import { type PublishTask, publishApp, publishTasks, taskDone } from './publish.ts';

/** The rights a role may be given on the app's table (import and audit stay with the table's own screen). */
const offeredRights: BlockAction[] = blockActions.filter((a) => a !== 'import' && a !== 'audit');

/**
 * Who uses the app and what they may do, then the publish: each of its tasks shown as it runs, a failure
 * with its reason and a Retry that goes on from the task that failed (the ones done are recorded as done).
 */
export function StepPublish({ app, busy, onBack, record }: PublishProps) {
  const { t } = useTranslation();
  const roles = usePageRoles();
  const [chosen, setChosen] = useState(app.draft.roles);
  const [rights, setRights] = useState<BlockAction[]>(app.draft.rights);
  const [running, setRunning] = useState<PublishTask | null>(null);
  const [failed, setFailed] = useState<{ task: PublishTask | null; message: string } | null>(null);
  const progress = app.draft.progress;
  const begun = progress.tableApplied;
  const done = app.published && progress.granted;

  const run = async () => {
    setFailed(null);
    let at: PublishTask | null = null;
    try {
      await publishApp(
        { ...app, draft: { ...app.draft, roles: chosen, rights } },
        {
          record: (draft, published) => record({ ...app, draft, published }),
          onTask: (task) => {
            at = task;
            setRunning(task);
          },
        },
      );
      // The new screens are in the menu now: the layout reads it again. The app is published either way, so
      // a menu that fails to load now only shows them at the next sign-in.
      await reloadNavigation(true).catch(() => undefined);
    } catch (e) {
      setFailed({ task: at, message: e instanceof Error ? e.message : String(e) });
    } finally {
      setRunning(null);
    }
  };

  const icon = (task: PublishTask) => {
    if (taskDone(progress, task)) return <CheckCircleTwoTone twoToneColor="#52c41a" />;
    if (running === task) return <LoadingOutlined />;
    if (failed?.task === task) return <CloseCircleTwoTone twoToneColor="#ff4d4f" />;
    return <MinusCircleOutlined />;
  };

  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 720 }}>
      <Form layout="vertical">
        <Form.Item label={t('mixDesign.roles')} extra={t('mixDesign.rolesHint')}>
          <Select
            mode="multiple"
            aria-label={t('mixDesign.roles')}
            loading={roles.isLoading}
            disabled={done}
            value={chosen}
            onChange={setChosen}
            optionFilterProp="label"
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
        <Form.Item label={t('mixDesign.rights')}>
          <Checkbox.Group<BlockAction>
            disabled={done}
            value={rights}
            onChange={setRights}
            options={offeredRights.map((a) => ({ value: a, label: t(`mixDesign.right.${a}`) }))}
          />
        </Form.Item>
      </Form>
      <List
        size="small"
        bordered
        aria-label={t('mixDesign.publishTasks')}
        dataSource={[...publishTasks]}
        renderItem={(task) => (
          <List.Item>
            <Space>
              {icon(task)}
              <span>{t(`mixDesign.task.${task}`)}</span>
            </Space>
          </List.Item>
        )}
      />
      {failed && <Alert type="error" showIcon title={t('mixDesign.publishFailed')} description={failed.message} />}
      {done && progress.pageId !== null && (
        <Alert
          type="success"
          showIcon
          title={t('mixDesign.publishedOk')}
          action={<Link to={`/page/${progress.pageId}`}>{t('mixDesign.openPage')}</Link>}
        />
      )}
      <Space>
        <Button onClick={onBack} disabled={busy || running !== null}>
          {t('mixDesign.previous')}
        </Button>
        {!done && (
          <Button type="primary" loading={running !== null} onClick={() => void run()}>
            {failed ? t('mixDesign.retry') : begun ? t('mixDesign.resume') : t('mixDesign.publish')}
          </Button>
        )}
      </Space>
    </Space>
  );
}
