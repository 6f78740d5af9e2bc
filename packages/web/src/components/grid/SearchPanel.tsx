import type { EntityMeta, FieldMeta } from '@trestle/shared';
import { Button, Card, Form, type FormInstance, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { EngineForm } from '../form/EngineForm.tsx';
import type { FieldSource } from '../form/FieldInput.tsx';

type Props = {
  meta: EntityMeta;
  form: FormInstance;
  open: boolean;
  sourceOf: (field: FieldMeta) => FieldSource;
  onSearch: () => void;
  onReset: () => void;
  onValuesChange: (changed: Record<string, unknown>) => void;
};

/** The advanced search form; it stays mounted while folded so the quick search can share its value. */
export function SearchPanel({ meta, form, open, sourceOf, onSearch, onReset, onValuesChange }: Props) {
  const { t } = useTranslation();
  return (
    <Card size="small" style={{ display: open ? undefined : 'none' }} data-testid="grid-search-panel">
      <Form
        form={form}
        name={`${meta.name}-search`}
        layout="vertical"
        onValuesChange={onValuesChange}
        onFinish={onSearch}
      >
        <EngineForm fields={meta.fields} purpose="search" form={form} sourceOf={sourceOf} />
        <Space>
          <Button type="primary" htmlType="submit">
            {t('grid.search')}
          </Button>
          <Button onClick={onReset}>{t('grid.reset')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
