import { langOf, tableDesignSchema } from '@trestle/shared';
import { Col, Form, type FormInstance, Input, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFolders } from '../../components/table-design/design-choices.ts';
import { type DesignForm, type FieldRow, newFieldId } from '../../components/table-design/design-form.ts';
import type { DesignDetail, DesignListItem } from '../../components/table-design/table-design-api.ts';
import { zodRule } from '../../components/zod-rules.ts';

/**
 * The table's own settings in the design editor: its names, its menu folder and flags, its master when it is
 * a detail table, its data scope's fields and its description.
 */
export function TableSettings({
  form,
  designs,
  loaded,
  fixed,
  translate,
}: {
  form: FormInstance<DesignForm>;
  designs: readonly DesignListItem[];
  /** The design as saved; null while new. */
  loaded: DesignDetail | null;
  /** Applied already: its name and table stay. */
  fixed: boolean;
  translate: (message: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const folders = useFolders();
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

  return (
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
  );
}
