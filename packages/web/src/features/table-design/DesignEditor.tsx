import { type BroughtIn, langOf, type TableDesign, tableDesignSchema } from '@trestle/shared';
import { App, Button, Col, Collapse, Form, Input, Row, Select, Skeleton, Space, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppModal } from '../../components/AppModal.tsx';
import { zodRule } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { useFolders, useTargets } from './design-choices.ts';
import { placeFieldErrors } from './design-errors.ts';
import {
  type DesignForm,
  emptyDesign,
  type FieldRow,
  fromDesign,
  newFieldId,
  suggestedTable,
  toDesign,
} from './design-form.ts';
import type { Problem } from './EditorNotices.tsx';
import { EditorNotices } from './EditorNotices.tsx';
import { FieldRows } from './FieldRows.tsx';
import { IndexRows } from './IndexRows.tsx';
import { ScreenPreview } from './ScreenPreview.tsx';
import { addDesign, type DesignDetail, type DesignListItem, getDesign, saveDesign } from './table-design-api.ts';

/**
 * A design's draft, new (`id` null) or saved: the table's names, its menu folder and flags, its master when
 * it is a detail table, its data scope's fields, and its fields. Saving keeps the draft only; applying it is
 * the preview's. A name and a table stay once applied.
 */
export function DesignEditor({
  id,
  designs,
  broughtIn,
  onClose,
  onSaved,
}: {
  id: number | null;
  designs: readonly DesignListItem[];
  /** A new design read from a table of the database, with the columns it left behind. */
  broughtIn?: BroughtIn;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
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
  // One record's name is optional, but given in one language it is given in both: until it is, both inputs
  // say so (each re-checked when the other changes).
  const singularRule: Rule[] = [
    zodRule(tableDesignSchema.shape.label.shape.en.or(z.literal('')), translate),
    ({ getFieldValue }) => ({
      validator: async () => {
        const both = [getFieldValue(['singular', 'en']), getFieldValue(['singular', 'zh'])] as unknown[];
        const given = both.filter((v) => typeof v === 'string' && v.trim() !== '');
        if (given.length === 1) throw new Error(t('tableDesign.singularBoth'));
      },
    }),
  ];

  /** One record's name in a language, checked again when the other language's changes. */
  const singularField = (lang: 'en' | 'zh', other: 'en' | 'zh', placeholder?: string) => (
    <Col span={6}>
      <Form.Item
        label={t(lang === 'en' ? 'tableDesign.singularEn' : 'tableDesign.singularZh')}
        name={['singular', lang]}
        rules={singularRule}
        dependencies={[['singular', other]]}
      >
        <Input maxLength={50} placeholder={placeholder} />
      </Form.Item>
    </Col>
  );

  const load = useCallback(async () => {
    if (id === null) return;
    const detail = await getDesign(id);
    setLoaded(detail);
    setConflict(false);
    setProblems([]);
    lastName.current = detail.draft.name;
    form.resetFields();
    form.setFieldsValue(fromDesign(detail.draft));
  }, [id, form]);

  useEffect(() => {
    if (id === null) {
      form.setFieldsValue(broughtIn ? fromDesign(broughtIn.design) : emptyDesign());
      lastName.current = broughtIn?.design.name ?? '';
    } else load().catch(onClose);
  }, [id, form, load, onClose, broughtIn]);

  const fixed = loaded?.applied != null;
  const source = Form.useWatch('source', { form, preserve: true }) as TableDesign['source'];
  const targets = useTargets(designs, loaded?.draft.name);
  const fields = (Form.useWatch('fields', form) ?? []) as FieldRow[];
  const master = Form.useWatch(['master', 'entity'], form) as string | undefined;
  const link = Form.useWatch(['master', 'field'], form) as string | undefined;
  // A table may be a detail of a design that is no detail itself, and not of itself.
  const masters = designs.filter((d) => d.master === null && d.name !== loaded?.draft.name);
  const fieldsOfKind = (kind: 'user' | 'organization') =>
    fields.filter((f) => f.type === kind && f.name).map((f) => ({ value: f.name, label: f.label?.[lang] || f.name }));
  /** The data scope's field of a kind: one of the design's fields of that type, or none (`unset`). */
  const scopeField = (part: 'owner' | 'organization', kind: 'user' | 'organization', unset: string) => (
    <Col span={8}>
      <Form.Item label={t(`tableDesign.${part}`)} name={['scope', part]}>
        <Select allowClear aria-label={t(`tableDesign.${part}`)} placeholder={unset} options={fieldsOfKind(kind)} />
      </Form.Item>
    </Col>
  );

  /**
   * Choosing a master links the table to it by a required reference to the master's table: the one the
   * fields have, or a new first field named after the master.
   */
  const chooseMaster = (entity: string | undefined) => {
    const chosen = designs.find((d) => d.name === entity);
    if (!chosen) {
      form.setFieldValue('master', null);
      return;
    }
    const rows = (form.getFieldValue('fields') as FieldRow[]) ?? [];
    let linkRow = rows.find((f) => f.type === 'reference' && f.reference?.table === chosen.table);
    if (!linkRow) {
      const name = `${chosen.name.charAt(0).toLowerCase()}${chosen.name.slice(1)}Id`;
      linkRow = {
        id: newFieldId(new Set(rows.map((f) => f.id))),
        name,
        label: { en: chosen.label.en, zh: chosen.label.zh },
        type: 'reference',
        reference: { table: chosen.table },
        required: true,
      };
      form.setFieldValue('fields', [linkRow, ...rows.filter((f) => f.name !== '' || f.label.en !== '')]);
    } else {
      form.setFieldValue(
        'fields',
        rows.map((f) => (f === linkRow ? { ...f, required: true } : f)),
      );
    }
    form.setFieldValue('master', { entity: chosen.name, field: linkRow.name });
  };

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return; // The form shows what is wrong.
    }
    const values = form.getFieldsValue(true) as DesignForm;
    const design = toDesign(values, loaded?.draft ?? null, targets.all);
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
        <EditorNotices
          broughtFrom={source && !fixed ? source.table : null}
          skipped={broughtIn?.skipped ?? []}
          conflict={conflict}
          onReload={() => void load()}
          problems={problems}
        />
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
          {singularField('en', 'zh', t('tableDesign.singularHint'))}
          {singularField('zh', 'en')}
          <Col span={6}>
            <Form.Item label={t('tableDesign.folder')} name="folder">
              <Select allowClear placeholder={t('tableDesign.noFolder')} options={folders} />
            </Form.Item>
          </Col>
          <Col span={3}>
            <Form.Item label={t('tableDesign.softDelete')} name="softDelete" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={3}>
            <Form.Item label={t('tableDesign.audit')} name="audit" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              label={t('tableDesign.master')}
              name={['master', 'entity']}
              extra={master && link ? t('tableDesign.masterHint', { master, field: link }) : undefined}
            >
              <Select
                allowClear
                aria-label={t('tableDesign.master')}
                placeholder={t('tableDesign.noMaster')}
                options={masters.map((d) => ({ value: d.name, label: `${d.label[lang]} (${d.name})` }))}
                onChange={(v: string | undefined) => chooseMaster(v)}
              />
            </Form.Item>
            <Form.Item name={['master', 'field']} hidden>
              <Input />
            </Form.Item>
          </Col>
          {scopeField('owner', 'user', t('tableDesign.createdBy'))}
          {scopeField('organization', 'organization', t('tableDesign.none'))}
          <Col span={24}>
            <Form.Item label={t('tableDesign.description')} name="description">
              <Input maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>{t('tableDesign.fields')}</Typography.Text>
        <div style={{ marginTop: 8 }}>
          <FieldRows translate={translate} targets={targets.options} />
        </div>
        <div style={{ marginTop: 16 }}>
          <IndexRows />
        </div>
      </Form>
      <Collapse
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'preview',
            label: t('tableDesign.preview'),
            children: <ScreenPreview form={form} before={loaded?.draft ?? null} targets={targets.all} />,
          },
        ]}
      />
    </AppModal>
  );
}
