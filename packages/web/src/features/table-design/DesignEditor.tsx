import { tableDesignSchema } from '@trestle/shared';
import { Alert, App, Button, Col, Form, Input, Row, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { menuAncestors } from '../../components/menu-tree.ts';
import { zodRule } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http.ts';
import { useAppStore } from '../../lib/store.ts';
import { type DesignForm, emptyDesign, placeFieldErrors, suggestedTable, toDesign } from './design-form.ts';
import { FieldRows } from './FieldRows.tsx';
import { addDesign, type DesignDetail, getDesign, saveDesign } from './table-design-api.ts';

type Problem = { key: string; message: string };

/** The menu folders a design's screen may go under (entries without a url), named by their path. */
function useFolders() {
  const permission = useAppStore((s) => s.permission);
  return useMemo(
    () =>
      permission
        .filter((m) => !m.url)
        .map((m) => ({
          value: m.id,
          label: [...menuAncestors(permission, m), m].map((x) => x.name).join(' / '),
        })),
    [permission],
  );
}

/**
 * A design's draft, new (`id` null) or saved: the table's names, its menu folder and flags, and its fields.
 * Saving keeps the draft only; applying it is the preview's. A name and a table stay once applied.
 */
export function DesignEditor({
  id,
  onClose,
  onSaved,
}: {
  id: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DesignForm>();
  const folders = useFolders();
  const [loaded, setLoaded] = useState<DesignDetail | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const lastName = useRef('');
  const translate = useCallback(
    (msg: string) => t(`tableDesign.msg.${msg}`, { defaultValue: t(`validation.${msg}`, { defaultValue: msg }) }),
    [t],
  );
  const rule = (name: 'name' | 'table') => [
    { required: true, message: t('form.required') },
    zodRule(tableDesignSchema.shape[name], translate),
  ];
  const labelRule = [zodRule(tableDesignSchema.shape.label.shape.en, translate)];

  const load = useCallback(async () => {
    if (id === null) return;
    const detail = await getDesign(id);
    setLoaded(detail);
    setConflict(false);
    setProblems([]);
    lastName.current = detail.draft.name;
    form.resetFields();
    form.setFieldsValue(detail.draft);
  }, [id, form]);

  useEffect(() => {
    if (id === null) form.setFieldsValue(emptyDesign());
    else load().catch(onClose);
  }, [id, form, load, onClose]);

  const fixed = loaded?.applied != null;

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return; // The form shows what is wrong.
    }
    const values = form.getFieldsValue(true) as DesignForm;
    const design = toDesign(values, loaded?.draft ?? null);
    setBusy(true);
    setProblems([]);
    setConflict(false);
    try {
      if (id === null) await addDesign(design);
      else await saveDesign(id, loaded?.version ?? 0, design);
      void message.success(t('tableDesign.saved'));
      onSaved();
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      if (e.status === 409) setConflict(true);
      else if (Object.keys(e.fieldErrors).length > 0) {
        const { placed, unplaced } = placeFieldErrors(e.fieldErrors, values.fields);
        form.setFields(placed.map((p) => ({ name: p.name, errors: p.errors.map(translate) })) as never);
        setProblems(unplaced.map((p) => ({ key: p.key, message: translate(p.message) })));
        if (placed.length === 0 && unplaced.length === 0) void message.error(e.message);
      } else void message.error(e.message);
    } finally {
      setBusy(false);
    }
  };

  // A new design's table follows its name until someone types a table of their own.
  const followName = (name: string) => {
    if (fixed) return;
    const table = form.getFieldValue('table') as string;
    if (!table || table === suggestedTable(lastName.current)) form.setFieldValue('table', suggestedTable(name));
    lastName.current = name;
  };

  const ready = id === null || loaded !== null;
  return (
    <AppModal
      open
      width={1240}
      title={id === null ? t('tableDesign.addTitle') : t('tableDesign.editTitle', { name: loaded?.draft.name ?? '' })}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} disabled={!ready} onClick={() => void save()}>
            {t('tableDesign.save')}
          </Button>
        </Space>
      }
    >
      {!ready && <Skeleton active paragraph={{ rows: 6 }} />}
      <Form<DesignForm>
        form={form}
        layout="vertical"
        style={ready ? undefined : { display: 'none' }}
        onValuesChange={(changed: Partial<DesignForm>) => {
          if (typeof changed.name === 'string') followName(changed.name);
        }}
      >
        {conflict && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('tableDesign.conflict')}
            action={
              <Button size="small" onClick={() => void load()}>
                {t('tableDesign.reload')}
              </Button>
            }
          />
        )}
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('tableDesign.hasErrors')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {problems.map((p) => (
                  <li key={p.key}>{p.key === '_' || p.key === 'fields' ? p.message : `${p.key}: ${p.message}`}</li>
                ))}
              </ul>
            }
          />
        )}
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item
              label={t('tableDesign.name')}
              name="name"
              required
              rules={rule('name')}
              validateFirst
              extra={fixed ? t('tableDesign.staysAsApplied') : undefined}
            >
              <Input disabled={fixed} maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label={t('tableDesign.table')} name="table" required rules={rule('table')} validateFirst>
              <Input disabled={fixed} maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label={t('tableDesign.labelEn')} name={['label', 'en']} required rules={labelRule}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label={t('tableDesign.labelZh')} name={['label', 'zh']} required rules={labelRule}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label={t('tableDesign.folder')} name="folder">
              <Select allowClear placeholder={t('tableDesign.noFolder')} options={folders} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item label={t('tableDesign.description')} name="description">
              <Input maxLength={500} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item label={t('tableDesign.softDelete')} name="softDelete" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item label={t('tableDesign.audit')} name="audit" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>{t('tableDesign.fields')}</Typography.Text>
        <div style={{ marginTop: 8 }}>
          <FieldRows translate={translate} />
        </div>
      </Form>
    </AppModal>
  );
}
