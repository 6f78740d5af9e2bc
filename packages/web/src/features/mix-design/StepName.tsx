import { pageName } from '@trestle/shared';
import { Button, Form, Input, Select, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../components/zod-rules.ts';
import type { StepProps } from './MixWizard.tsx';
import { usePageFolders } from './mix-api.ts';
import { pascalName } from './mix-model.ts';

type Values = { titleEn: string; titleZh: string; name: string; menuFolder: string };

/** The app's title (its name follows the English title until typed), and the menu folder it goes under. */
export function StepName({ app, busy, onNext }: StepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const folders = usePageFolders();
  // The name follows the title until someone types a name of their own.
  const nameTyped = useRef(app.name !== '');
  const translate = (m: string) => t(`mixDesign.msg.${m}`, { defaultValue: m });

  const next = async () => {
    const v = await form.validateFields();
    const en = v.titleEn.trim();
    onNext({
      ...app,
      name: v.name.trim(),
      title: { en, zh: v.titleZh.trim() || en },
      draft: { ...app.draft, menuFolder: v.menuFolder ?? '' },
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{
        titleEn: app.title.en,
        titleZh: app.title.zh,
        name: app.name,
        menuFolder: app.draft.menuFolder,
      }}
      onValuesChange={(changed: Partial<Values>) => {
        if ('name' in changed) nameTyped.current = true;
        if ('titleEn' in changed && !nameTyped.current) form.setFieldValue('name', pascalName(changed.titleEn ?? ''));
      }}
    >
      <Form.Item
        name="titleEn"
        label={t('mixDesign.titleEn')}
        rules={[{ required: true, whitespace: true, message: t('form.required') }]}
      >
        <Input maxLength={100} placeholder="Vehicle booking" />
      </Form.Item>
      <Form.Item name="titleZh" label={t('mixDesign.titleZh')} extra={t('mixDesign.titleZhHint')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('mixDesign.name')}
        extra={t('mixDesign.nameHint')}
        rules={[{ required: true, message: t('form.required') }, zodRule(pageName, translate)]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="menuFolder" label={t('mixDesign.menuFolder')}>
        <Select
          loading={folders.isLoading}
          options={[
            { value: '', label: t('mixDesign.topLevel') },
            ...(folders.data ?? []).map((f) => ({ value: f.code, label: f.name })),
          ]}
        />
      </Form.Item>
      <Space>
        <Button type="primary" loading={busy} onClick={() => void next()}>
          {t('mixDesign.next')}
        </Button>
      </Space>
    </Form>
  );
}
