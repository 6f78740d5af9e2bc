import { type DatasetField, type EntityDataset, type EntityMeta, langOf } from '@trestle/shared';
import { Card, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConditionList } from '../../components/filter-conditions/ConditionList.tsx';
import { CalculatedFields } from './CalculatedFields.tsx';
import { joinableReferences, withEntity } from './dataset-model.ts';
import { conditionFields } from './field-conditions.ts';

type Props = {
  value: EntityDataset;
  entities: EntityMeta[];
  /** The dataset's fields as they stand (the entity's, the followed references', the calculated). */
  fields: DatasetField[];
  /** Problems by path inside the definition (`filters.0.value`). */
  errors: Record<string, string>;
  readOnly: boolean;
  onChange(next: EntityDataset): void;
};

const MAX_JOINS = 5;

/** An entity dataset: which entity, which of its references to follow, calculated fields, default filters. */
export function EntityDatasetForm({ value, entities, fields, errors, readOnly, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const meta = entities.find((m) => m.name === value.entity);
  const joinable = joinableReferences(meta, entities);
  const error = (key: string) => errors[key];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={t('biDesign.dataset.source')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Select
            aria-label={t('biDesign.dataset.entity')}
            placeholder={t('biDesign.dataset.entity')}
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 320 }}
            disabled={readOnly}
            status={error('entity') ? 'error' : undefined}
            value={value.entity || undefined}
            options={entities
              .map((m) => ({ value: m.name, label: `${m.label[lang]} (${m.name})` }))
              .sort((a, b) => a.label.localeCompare(b.label))}
            onChange={(entity: string) => onChange(withEntity(value, entity))}
          />
          {error('entity') && <Typography.Text type="danger">{error('entity')}</Typography.Text>}
          <Typography.Text>{t('biDesign.dataset.joins')}</Typography.Text>
          <Select
            aria-label={t('biDesign.dataset.joins')}
            mode="multiple"
            style={{ width: '100%' }}
            disabled={readOnly || !meta}
            placeholder={meta && joinable.length === 0 ? t('biDesign.dataset.noJoins') : undefined}
            value={value.joins}
            maxCount={MAX_JOINS}
            options={joinable.map(({ field, target }) => ({
              value: field.name,
              label: `${field.label[lang]} → ${target.label[lang]}`,
            }))}
            onChange={(joins: string[]) => onChange({ ...value, joins })}
          />
          {value.joins.map((j, i) => {
            const problem = error(`joins.${i}`);
            return problem ? <Typography.Text key={j} type="danger">{`${j}: ${problem}`}</Typography.Text> : null;
          })}
        </Space>
      </Card>
      <Card size="small" title={t('biDesign.dataset.calculated')}>
        <CalculatedFields
          value={value.calculated}
          numberFields={fields.filter((f) => f.type === 'number' && f.origin !== 'reference')}
          errors={errors}
          readOnly={readOnly}
          onChange={(calculated) => onChange({ ...value, calculated })}
        />
      </Card>
      <Card size="small" title={t('biDesign.dataset.filters')}>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('biDesign.dataset.filtersHint')}
        </Typography.Paragraph>
        {!meta && <Typography.Text type="secondary">{t('biDesign.dataset.entityFirst')}</Typography.Text>}
        {meta && (
          <ConditionList
            conditions={value.filters}
            fields={conditionFields(fields)}
            errors={errors}
            errorPrefix="filters"
            onChange={(filters) => onChange({ ...value, filters })}
          />
        )}
      </Card>
    </Space>
  );
}
