import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { langOf, type MixStep, mixSteps } from '@trestle/shared';
import { Alert, Button, Space, Steps, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mixKeys, saveApp } from './mix-api.ts';
import type { MixState } from './mix-model.ts';
import { StepForm } from './StepForm.tsx';
import { StepLayout } from './StepLayout.tsx';
import { StepName } from './StepName.tsx';
import { StepPreview } from './StepPreview.tsx';
import { StepPublish } from './StepPublish.tsx';
import { StepTable } from './StepTable.tsx';

/** What every step gets: the app as saved, and the way on (saving it) or back. */
export type StepProps = {
  app: MixState;
  busy: boolean;
  /** Saves the app as the step leaves it and moves to the next step. */
  onNext(next: MixState): void;
  onBack(): void;
};

/** What the publish step gets besides: saving the app as it goes, without moving. */
export type PublishProps = StepProps & { record(next: MixState): Promise<void> };

const stepAt = (step: MixStep) => mixSteps.indexOf(step);

/**
 * The guided flow: one step at a time, the app saved on the way out of each (so leaving and coming back
 * resumes at the step reached), the earlier steps open again from the step bar.
 */
export function MixWizard({ initial, onClose }: { initial: MixState; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [app, setApp] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The publish saves several times in a row: each save goes over the version the last one left.
  const latest = useRef(app);

  const record = async (next: MixState) => {
    const { id, version } = latest.current;
    const saved = await saveApp({
      ...(id !== undefined && version !== undefined ? { id, version } : {}),
      name: next.name,
      title: next.title,
      draft: next.draft,
      published: next.published,
    });
    latest.current = { ...next, id: saved.id, version: saved.version };
    setApp(latest.current);
    void queryClient.invalidateQueries({ queryKey: mixKeys.all });
  };

  const moveTo = async (next: MixState, step: MixStep) => {
    setBusy(true);
    setError(null);
    try {
      await record({ ...next, draft: { ...next.draft, step } });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const current = stepAt(app.draft.step);
  const props: StepProps = {
    app,
    busy,
    onNext: (next) => void moveTo(next, mixSteps[Math.min(current + 1, mixSteps.length - 1)] ?? 'publish'),
    onBack: () => void moveTo(app, mixSteps[Math.max(current - 1, 0)] ?? 'name'),
  };
  const title = app.title[langOf(i18n.language)] || app.title.en || t('mixDesign.newApp');
  return (
    <section aria-label={t('mixDesign.wizardTitle', { title })}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={onClose}>
          {t('mixDesign.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('mixDesign.wizardTitle', { title })}
        </Typography.Title>
        {app.published && <Tag color="green">{t('mixDesign.status.published')}</Tag>}
      </Space>
      <Steps
        size="small"
        current={current}
        style={{ marginBottom: 16 }}
        // An earlier step opens again as it was saved; a later one is reached through the steps between.
        onChange={(to) => {
          if (to < current && !busy) void moveTo(app, mixSteps[to] ?? 'name');
        }}
        items={mixSteps.map((s, i) => ({ title: t(`mixDesign.step.${s}`), disabled: i > current }))}
      />
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error} />}
      <StepBody step={app.draft.step} props={props} record={record} />
    </section>
  );
}

function StepBody({ step, props, record }: { step: MixStep; props: StepProps; record: PublishProps['record'] }) {
  switch (step) {
    case 'name':
      return <StepName {...props} />;
    case 'table':
      return <StepTable {...props} />;
    case 'form':
      return <StepForm {...props} />;
    case 'layout':
      return <StepLayout {...props} />;
    case 'preview':
      return <StepPreview {...props} />;
    case 'publish':
      return <StepPublish {...props} record={record} />;
  }
}
