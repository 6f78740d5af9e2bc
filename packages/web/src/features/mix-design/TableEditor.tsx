import { type ReferenceTarget, type TableDesign, tableDesignSchema } from '@trestle/shared';
import { Col, Form, type FormInstance, Input, Row } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ProblemList } from '../../components/problems/ProblemList.tsx';
import { placeFieldErrors } from '../../components/table-design/design-errors.ts';
import { type DesignForm, type FieldRow, suggestedTable, toDesign } from '../../components/table-design/design-form.ts';
import { FieldRows } from '../../components/table-design/FieldRows.tsx';
import type { TargetOption } from '../../components/table-design/FieldSettings.tsx';
import { zodRule } from '../../components/zod-rules.ts';
import { labelOfName, typedRows, typeOfName } from './mix-model.ts';

/** The design a table's form stands for, its spare empty rows left out and its table named after it. */
export function designOf(
  form: DesignForm,
  extra: Partial<TableDesign>,
  targets: readonly ReferenceTarget[],
): TableDesign {
  const rows = typedRows(form.fields ?? []);
  return {
    ...toDesign({ ...form, table: suggestedTable(form.name ?? ''), fields: rows }, null, targets),
    ...extra,
  };
}

/** The shared checks of a table design (the server's own schema), keyed as the server keys its field errors. */
export function designProblems(design: TableDesign): Record<string, string> {
  const parsed = tableDesignSchema.safeParse(design);
  const out: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) out[i.path.join('.') || 'design'] ??= i.message;
  return out;
}

type Props = {
  /** The form's name: the ids of its inputs, unique on the step's two tables. */
  name: string;
  form: FormInstance<DesignForm>;
  initial: DesignForm;
  title: string;
  targets: readonly TargetOption[];
  /** What the live checks read the table as: its master link, its folder, the reference targets. */
  check(form: DesignForm): TableDesign;
  translate(message: string): string;
};

/**
 * One table of the app: its name and labels, and its fields as the table designer's rows. A field's label
 * follows its name, and its type what the name suggests (a `date`, a `seats` count), until set by hand; the
 * shared checks run as it is typed.
 */
export function TableEditor({ name, form, initial, title, targets, check, translate }: Props) {
  const { t } = useTranslation();
  const values = Form.useWatch([], form) as DesignForm | undefined;
  // What each row's label and type were made from, to tell a default still standing from one set by hand.
  const made = useRef(new Map<string, string>(initial.fields.map((f) => [f.id, f.name])));
  const madeName = useRef(initial.name);

  const follow = (changed: Partial<DesignForm>, all: DesignForm) => {
    if (changed.name !== undefined) {
      const before = labelOfName(madeName.current);
      if (!all.label?.en || all.label.en === before) form.setFieldValue('label', labelBoth(changed.name));
      madeName.current = changed.name;
    }
    (changed.fields ?? []).forEach((row, i) => {
      // The whole row as the form keeps it: the values handed here leave out the id, which has no input.
      const now = form.getFieldValue(['fields', i]) as FieldRow | undefined;
      if (!row || row.name === undefined || !now) return;
      const before = made.current.get(now.id) ?? '';
      if (!now.label.en || now.label.en === labelOfName(before))
        form.setFieldValue(['fields', i, 'label'], labelBoth(now.name));
      if (now.type === typeOfName(before)) form.setFieldValue(['fields', i, 'type'], typeOfName(now.name));
      made.current.set(now.id, now.name);
    });
  };

  const problems = useMemo(() => {
    if (!values?.fields) return [];
    const design = check(values);
    const { placed, unplaced } = placeFieldErrors(designProblems(design), design.fields);
    return [
      ...placed.map((p) => ({
        key: p.name.join('.'),
        where: whereOf(p.name, t),
        message: translate(p.errors[0] ?? ''),
      })),
      ...unplaced.map((p) => ({ key: p.key, where: p.key, message: translate(p.message) })),
    ];
  }, [values, check, translate, t]);

  return (
    <Form<DesignForm>
      name={name}
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={follow}
      aria-label={title}
    >
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item
            name="name"
            label={t('mixDesign.tableName', { table: title })}
            rules={[{ required: true, message: t('form.required') }, zodRule(tableDesignSchema.shape.name, translate)]}
          >
            <Input maxLength={40} placeholder="Vehicle" aria-label={t('mixDesign.tableName', { table: title })} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={['label', 'en']} label={t('tableDesign.labelEn')} rules={[{ required: true }]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={['label', 'zh']} label={t('tableDesign.labelZh')} rules={[{ required: true }]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
      </Row>
      <FieldRows translate={translate} targets={targets} />
      <ProblemList problems={problems} title={t('mixDesign.tableProblems', { table: title })} />
    </Form>
  );
}

const labelBoth = (name: string) => ({ en: labelOfName(name), zh: labelOfName(name) });

function whereOf(path: (string | number)[], t: (k: string, o?: Record<string, unknown>) => string) {
  const [head, index, ...rest] = path;
  if (head === 'fields' && typeof index === 'number')
    return t('tableDesign.fieldInput', { what: rest.join('.'), n: index + 1 });
  return path.join('.');
}
