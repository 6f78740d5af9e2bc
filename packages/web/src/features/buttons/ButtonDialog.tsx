import { type ButtonInput, type ButtonRow, buttonInputSchema, buttonTypes } from '@trestle/shared';
import { App, Form, Input, InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { NameFields } from '../../components/form/NameFields.tsx';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
import { iconFor } from '../../components/icons.tsx';
import { fieldErrorsToFields } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { addButton, updateButton } from './buttons-api.ts';

const FIELDS = ['code', 'name', 'nameZh', 'functionName', 'icon', 'type', 'sort'] as const;

type Props = {
  /** The button being edited, 'new' for a new one, null when closed. */
  editing: ButtonRow | 'new' | null;
  nextSort: number;
  onClose(): void;
  onSaved(): Promise<void>;
};

/** Add or edit a catalogue button; a built-in keeps its code and function name. */
export function ButtonDialog({ editing, nextSort, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ButtonInput>();
  const [saving, setSaving] = useState(false);
  const rule = useSchemaRule(buttonInputSchema.shape);
  const row = editing === 'new' ? undefined : (editing ?? undefined);
  const k = (key: string) => t(`organizations-menus.button.${key}`);
  const icon = Form.useWatch('icon', form);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing === 'new') {
      form.setFieldsValue({
        code: '',
        name: '',
        nameZh: '',
        functionName: '',
        icon: '',
        type: 'default',
        sort: nextSort,
      });
    } else {
      const { id: _id, builtIn: _b, ...values } = editing;
      form.setFieldsValue({ ...values, type: values.type as ButtonInput['type'] });
    }
  }, [editing, nextSort, form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      if (row) await updateButton({ ...values, id: row.id });
      else await addButton(values);
      await onSaved();
      void message.success(k('saved'));
      onClose();
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const fields = fieldErrorsToFields(e.fieldErrors, FIELDS);
      if (fields.length) form.setFields(fields);
      else void message.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal
      open={editing !== null}
      title={row ? k('edit') : k('add')}
      okText={k('save')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" aria-label={k('form')}>
        <Form.Item
          name="code"
          label={k('code')}
          required
          rules={[rule('code')]}
          extra={row?.builtIn ? k('builtInHint') : undefined}
        >
          <Input disabled={row?.builtIn} maxLength={50} />
        </Form.Item>
        <NameFields label={{ name: k('name'), nameZh: k('nameZh') }} rule={rule} maxLength={50} zhRequired={true} />
        <Form.Item name="functionName" label={k('functionName')} required rules={[rule('functionName')]}>
          <Input disabled={row?.builtIn} maxLength={50} />
        </Form.Item>
        <Form.Item name="icon" label={k('icon')} rules={[rule('icon')]} extra={k('iconHint')}>
          <Input maxLength={50} allowClear prefix={<span style={{ width: 16 }}>{iconFor(icon)}</span>} />
        </Form.Item>
        <Form.Item name="type" label={k('type')}>
          <Select options={buttonTypes.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Form.Item name="sort" label={k('sort')}>
          <InputNumber min={0} max={999_999} precision={0} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
