import type { EntityMeta, FieldMeta } from '@trestle/shared';
import { Button, Card, Form, type FormInstance } from 'antd';
import type { KeyboardEvent } from 'react';
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

/** Enter in a text box searches; in a select or a date picker it belongs to the picker. */
function searchOnEnter(onSearch: () => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (e.key !== 'Enter' || target.tagName !== 'INPUT' || target.closest('.ant-select, .ant-picker')) return;
    e.preventDefault();
    onSearch();
  };
}

/**
 * The advanced search form; it stays mounted while folded so the quick search can share its value.
 * The toolbar's Search button runs it (one search button per screen); Enter in a text box does too.
 */
export function SearchPanel({ meta, form, open, sourceOf, onSearch, onReset, onValuesChange }: Props) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      style={{ display: open ? undefined : 'none' }}
      data-testid="grid-search-panel"
      onKeyDown={searchOnEnter(onSearch)}
    >
      <Form form={form} name={`${meta.name}-search`} layout="vertical" onValuesChange={onValuesChange}>
        <EngineForm fields={meta.fields} purpose="search" form={form} sourceOf={sourceOf} />
        <Button onClick={onReset}>{t('grid.reset')}</Button>
      </Form>
    </Card>
  );
}
