import { useQueryClient } from '@tanstack/react-query';
import { langOf } from '@trestle/shared';
import { App, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { boundStartingItems, emptyDesign } from '../../components/form-design/design-pieces.ts';
import { addForm, entityMetaQuery, useBindableEntities } from '../../components/form-design/form-design-api.ts';
import { HttpError } from '../../lib/http/transport.ts';

type Values = { kind: 'standalone' | 'bound'; entity?: string; titleEn: string; titleZh: string };

/** A new form: standalone, or bound to an entity chosen here; made at once, then opened in the designer. */
export function NewFormDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: number): void }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const entities = useBindableEntities(kind === 'bound');
  const [busy, setBusy] = useState(false);

  const create = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const bound = values.kind === 'bound' && values.entity ? values.entity : null;
      const meta = bound ? await queryClient.fetchQuery(entityMetaQuery(bound)) : null;
      const design = {
        ...emptyDesign(),
        title: { en: values.titleEn.trim(), zh: values.titleZh.trim() },
        ...(bound && meta ? { entity: bound, items: boundStartingItems(meta) } : {}),
      };
      const { id } = await addForm(design);
      void message.success(t('formDesign.created'));
      onCreated(id);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const fields = Object.entries(e.fieldErrors);
      if (fields.length) form.setFields([{ name: 'titleEn', errors: fields.map(([k, m]) => `${k}: ${m}`) }]);
      else void message.error(e.message);
    } finally {
      setBusy(false);
    }
  };

  const group = (designed: boolean) => ({
    label: t(designed ? 'formDesign.new.designed' : 'formDesign.new.builtIn'),
    title: designed ? 'designed' : 'builtIn',
    options: (entities.data ?? [])
      .filter((e) => e.designed === designed)
      .map((e) => ({ value: e.name, label: `${e.label[lang]} (${e.name})` })),
  });

  return (
    <AppModal
      open
      title={t('formDesign.new.title')}
      onCancel={onClose}
      okText={t('formDesign.new.create')}
      okButtonProps={{ loading: busy }}
      onOk={() => void create()}
      mask={{ closable: false }}
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ kind: 'standalone', titleEn: '', titleZh: '' }}>
        <Form.Item name="kind" label={t('formDesign.new.kind')}>
          <Radio.Group
            options={[
              { value: 'standalone', label: t('formDesign.new.standalone') },
              { value: 'bound', label: t('formDesign.new.bound') },
            ]}
          />
        </Form.Item>
        {kind === 'bound' && (
          <Form.Item
            name="entity"
            label={t('formDesign.new.entity')}
            rules={[{ required: true, message: t('formDesign.new.entityRequired') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={entities.isFetching}
              options={[group(true), group(false)].filter((g) => g.options.length > 0)}
            />
          </Form.Item>
        )}
        <Form.Item
          name="titleEn"
          label={t('formDesign.new.titleEn')}
          rules={[{ required: true, whitespace: true, max: 200 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="titleZh" label={t('formDesign.new.titleZh')} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
