import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm.ts';
import { ProblemList } from '../../components/problems/ProblemList.tsx';

type Props = {
  title: string;
  dirty: boolean;
  canSave: boolean;
  busy: boolean;
  conflict: boolean;
  onSave(): void;
  onReload(): void;
  onClose(): void;
  children: ReactNode;
};

/**
 * A builder's frame: back to the lists (asking first when there are unsaved edits), its title, Save, and
 * the notice that someone else saved first (the edits stay here until the designer loads theirs).
 */
export function EditorFrame({ title, dirty, canSave, busy, conflict, onSave, onReload, onClose, children }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const back = () =>
    dirty
      ? confirm({
          title: t('biDesign.leaveConfirm'),
          okText: t('biDesign.leave'),
          cancelText: t('biDesign.stay'),
          run: async () => onClose(),
        })
      : onClose();
  return (
    <section aria-label={title}>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={back}>
            {t('biDesign.back')}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {dirty && <Tag color="orange">{t('biDesign.unsaved')}</Tag>}
        </Space>
        {canSave && (
          <Button type="primary" icon={<SaveOutlined />} loading={busy} onClick={onSave}>
            {t('biDesign.save')}
          </Button>
        )}
      </Space>
      {conflict && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('biDesign.conflict')}
          action={
            <Button size="small" danger onClick={onReload}>
              {t('biDesign.loadTheirs')}
            </Button>
          }
        />
      )}
      {children}
    </section>
  );
}

/** The problems of a definition, keyed by where they are, in the shared list. */
export function DefinitionProblems({ problems }: { problems: Record<string, string> }) {
  const { t } = useTranslation();
  const all = Object.entries(problems).map(([where, message]) => ({ key: where, where, message }));
  return <ProblemList problems={all} title={t('biDesign.problemsList')} />;
}

/** The name and description every dataset and chart has, at the top of its builder. */
export function NameFields({
  name,
  description,
  readOnly,
  onChange,
}: {
  name: string;
  description: string;
  readOnly: boolean;
  onChange(next: { name?: string; description?: string }): void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap align="start" style={{ marginBottom: 12 }}>
      <Input
        aria-label={t('biDesign.name')}
        placeholder={t('biDesign.name')}
        style={{ width: 280 }}
        maxLength={100}
        readOnly={readOnly}
        value={name}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <Input
        aria-label={t('biDesign.description')}
        placeholder={t('biDesign.description')}
        style={{ width: 420 }}
        maxLength={500}
        readOnly={readOnly}
        value={description}
        onChange={(e) => onChange({ description: e.target.value })}
      />
    </Space>
  );
}
