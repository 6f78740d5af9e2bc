import { designToMeta, type EntityMeta, type ReferenceTarget, type TableDesign } from '@trestle/shared';
import { Col, Form, type FormInstance, Row, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EngineForm } from '../../components/form/EngineForm.tsx';
import { labelOf } from '../../components/form/layout.ts';
import { listFields } from '../../components/grid/columns.tsx';
import { editFields } from '../../components/grid/edit-fields.ts';
import { type DesignForm, toDesign } from '../../components/table-design/design-form.ts';

/** The entity the draft describes, as the screen would get it; null while the draft is not yet a valid one. */
function metaOf(values: DesignForm | undefined, before: TableDesign | null, targets: readonly ReferenceTarget[]) {
  if (!values?.fields) return null;
  try {
    return designToMeta(toDesign(values, before, targets));
  } catch {
    return null;
  }
}

/**
 * The screen the draft makes, as it is typed: the list's columns in order and width, and the add dialog's
 * inputs in their layout, with their help texts and their checks, to try (a required field, a pattern, a
 * range). There is no Save: nothing typed here goes anywhere. Not built from the ViewGrid parts: it draws
 * columns of a screen that doesn't exist yet, with no rows.
 */
export function ScreenPreview({
  form,
  before,
  targets,
}: {
  form: FormInstance<DesignForm>;
  before: TableDesign | null;
  targets: readonly ReferenceTarget[];
}) {
  const { t, i18n } = useTranslation();
  const values = Form.useWatch((v: DesignForm) => v, { form, preserve: true });
  const meta: EntityMeta | null = useMemo(() => metaOf(values, before, targets), [values, before, targets]);
  const [previewForm] = Form.useForm();
  if (!meta) return <Typography.Text type="secondary">{t('tableDesign.previewIncomplete')}</Typography.Text>;
  return (
    <Row gutter={16} data-testid="screen-preview">
      <Col span={24}>
        <Typography.Text strong>{t('tableDesign.previewList')}</Typography.Text>
        <Table
          size="small"
          style={{ marginTop: 8, marginBottom: 16 }}
          data-testid="preview-list"
          tableLayout="fixed"
          scroll={{ x: 'max-content' }}
          pagination={false}
          dataSource={[]}
          columns={listFields(meta).map((f) => ({
            key: f.name,
            title: labelOf(f, i18n.language),
            width: f.list?.width ?? 140,
          }))}
        />
      </Col>
      <Col span={24}>
        <Typography.Text strong>{t('tableDesign.previewForm')}</Typography.Text>
        <Form
          // Its own name prefixes its inputs' ids: the design's form has a "name" input too.
          name="screenPreview"
          form={previewForm}
          layout="vertical"
          style={{ marginTop: 8 }}
          data-testid="preview-form"
          aria-label={t('tableDesign.previewForm')}
        >
          <EngineForm fields={editFields(meta)} purpose="edit" form={previewForm} />
        </Form>
      </Col>
    </Row>
  );
}
