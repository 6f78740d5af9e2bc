import { type PageListItem, pageName } from '@trestle/shared';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { HttpError } from '../../lib/http/transport.ts';
import { createPage } from './page-design-api.ts';

type Values = { name: string; titleEn: string; titleZh: string };

/**
 * A new page: a name and its title in both languages; empty, or a copy of `copyOf`'s draft (a page used as a
 * template). Made at once, then opened in the designer.
 */
export function NewPageDialog({
  copyOf,
  onClose,
  onCreated,
}: {
  copyOf?: Pick<PageListItem, 'id' | 'name' | 'title'>;
  onClose(): void;
  onCreated(id: number): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const create = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const { id } = await createPage({
        name: values.name.trim(),
        title: { en: values.titleEn.trim(), zh: values.titleZh.trim() },
        ...(copyOf ? { copyOf: copyOf.id } : {}),
      });
      void message.success(t('pageDesign.created'));
      onCreated(id);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const fields = Object.entries(e.fieldErrors);
      const at = (key: string): keyof Values =>
        key === 'title.en' ? 'titleEn' : key === 'title.zh' ? 'titleZh' : 'name';
      if (fields.length) form.setFields(fields.map(([key, why]) => ({ name: at(key), errors: [why] })));
      // A name taken already (409) is the name's problem.
      else if (e.status === 409) form.setFields([{ name: 'name', errors: [e.message] }]);
      else void message.error(e.message);
    } finally {
      setBusy(false);
    }
  };

  const copyTitle = copyOf ? { en: `${copyOf.title.en} (copy)`, zh: `${copyOf.title.zh}（副本）` } : null;
  return (
    <AppModal
      open
      title={copyOf ? t('pageDesign.new.copyTitle', { name: copyOf.name }) : t('pageDesign.new.title')}
      onCancel={onClose}
      okText={t('pageDesign.new.create')}
      okButtonProps={{ loading: busy }}
      onOk={() => void create()}
      mask={{ closable: false }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          name: copyOf ? `${copyOf.name}-copy`.slice(0, 64) : '',
          titleEn: copyTitle?.en ?? '',
          titleZh: copyTitle?.zh ?? '',
        }}
      >
        <Form.Item
          name="name"
          label={t('pageDesign.new.name')}
          extra={t('pageDesign.new.nameHint')}
          rules={[
            {
              validator: async (_, v: string) => {
                const parsed = pageName.safeParse(v ?? '');
                if (!parsed.success) throw new Error(t('pageDesign.new.nameRule'));
              },
            },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="titleEn"
          label={t('pageDesign.new.titleEn')}
          rules={[{ required: true, whitespace: true, max: 100 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="titleZh"
          label={t('pageDesign.new.titleZh')}
          rules={[{ required: true, whitespace: true, max: 100 }]}
        >
          <Input />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
