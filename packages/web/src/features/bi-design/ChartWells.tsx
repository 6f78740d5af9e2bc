import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import {
  type Aggregate,
  type ChartDefinition,
  type DatasetField,
  type DateBucket,
  type Dimension,
  langOf,
  type Measure,
} from '@trestle/shared';
import { Button, Card, Select, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionList } from '../../components/filter-conditions/ConditionList.tsx';
import {
  addRowCount,
  aggregatesFor,
  bucketsFor,
  MAX_MEASURES,
  setAggregate,
  type Well,
  withBucket,
} from './chart-model.ts';
import { conditionFields } from './field-conditions.ts';

/** What a well is as a drop target: its name, for the drag's announcements. */
export type WellDrop = { from: 'well'; well: Well; label: string };

type Props = {
  chart: ChartDefinition;
  fields: DatasetField[];
  /** Problems by path inside the definition (`measures.0.agg`). */
  errors: Record<string, string>;
  onChange(next: ChartDefinition): void;
};

/** A drop area: highlighted while a field is over it, named for assistive technology. */
function WellArea({ well, title, hint, children }: { well: Well; title: string; hint: string; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `well:${well}`, data: { from: 'well', well, label: title } });
  return (
    <Card
      ref={setNodeRef}
      size="small"
      title={title}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      }
      style={{ borderColor: isOver ? '#1677ff' : undefined, borderStyle: 'dashed' }}
    >
      <section aria-label={title} style={{ display: 'flex', flexWrap: 'wrap', gap: 6, minHeight: 28 }}>
        {children}
      </section>
    </Card>
  );
}

/**
 * Where the chart's fields go: dimensions (the x axis, the slices, a table's rows), a series, measures with
 * their aggregate, and filters. Each placed field can be adjusted (a date's grain, a measure's aggregate)
 * or taken off.
 */
export function ChartWells({ chart, fields, errors, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const fieldOf = (name: string | undefined) => fields.find((f) => f.name === name);
  const labelOf = (name: string) => fieldOf(name)?.label[lang] || name;
  const problem = (key: string) => errors[key];

  const grouping = (d: Dimension, at: string, onSet: (next: Dimension) => void, onRemove: () => void) => {
    const buckets = bucketsFor(fieldOf(d.field));
    const name = labelOf(d.field);
    return (
      <Tag key={at} color={problem(`${at}.field`) || problem(`${at}.bucket`) ? 'error' : 'blue'} style={{ margin: 0 }}>
        <Space size={4}>
          {name}
          {buckets.length > 0 && (
            <Select<DateBucket | 'none'>
              aria-label={t('biDesign.chart.bucketOf', { name })}
              size="small"
              variant="borderless"
              popupMatchSelectWidth={false}
              value={d.bucket ?? 'none'}
              options={buckets.map((b) => ({ value: b, label: t(`biDesign.bucket.${b}`) }))}
              onChange={(b) => onSet(withBucket(d, b))}
            />
          )}
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('biDesign.chart.remove', { name })}
            onClick={onRemove}
          />
        </Space>
      </Tag>
    );
  };

  const setDimension = (i: number) => (next: Dimension) =>
    onChange({ ...chart, dimensions: chart.dimensions.map((d, j) => (j === i ? next : d)) });

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <WellArea well="dimensions" title={t('biDesign.well.dimensions')} hint={t('biDesign.well.dimensionsHint')}>
        {chart.dimensions.map((d, i) =>
          grouping(d, `dimensions.${i}`, setDimension(i), () =>
            onChange({ ...chart, dimensions: chart.dimensions.filter((_, j) => j !== i) }),
          ),
        )}
      </WellArea>
      <WellArea well="series" title={t('biDesign.well.series')} hint={t('biDesign.well.seriesHint')}>
        {chart.series &&
          grouping(
            chart.series,
            'series',
            (series) => onChange({ ...chart, series }),
            () => onChange({ ...chart, series: null }),
          )}
      </WellArea>
      <WellArea well="measures" title={t('biDesign.well.measures')} hint={t('biDesign.well.measuresHint')}>
        {chart.measures.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same field may be measured twice; its place is its identity
          <MeasureTag key={i} measure={m} index={i} chart={chart} fields={fields} errors={errors} onChange={onChange} />
        ))}
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          disabled={chart.measures.length >= MAX_MEASURES}
          onClick={() => onChange(addRowCount(chart))}
        >
          {t('biDesign.chart.addRowCount')}
        </Button>
      </WellArea>
      <WellArea well="filters" title={t('biDesign.well.filters')} hint={t('biDesign.well.filtersHint')}>
        <ConditionList
          conditions={chart.filters}
          fields={conditionFields(fields)}
          errors={errors}
          errorPrefix="filters"
          onChange={(filters) => onChange({ ...chart, filters })}
        />
      </WellArea>
    </Space>
  );
}

/** A placed measure: its aggregate (the sums only for numbers), its field, and a way to take it off. */
function MeasureTag({
  measure: m,
  index,
  chart,
  fields,
  errors,
  onChange,
}: Props & { measure: Measure; index: number }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const field = fields.find((f) => f.name === m.field);
  const name = m.field ? field?.label[lang] || m.field : t('biDesign.chart.rows');
  const wrong = errors[`measures.${index}.agg`] || errors[`measures.${index}.field`];
  return (
    <Tag color={wrong ? 'error' : 'green'} style={{ margin: 0 }}>
      <Space size={4}>
        <Select<Aggregate>
          aria-label={t('biDesign.chart.aggregateOf', { name })}
          size="small"
          variant="borderless"
          popupMatchSelectWidth={false}
          value={m.agg}
          options={(m.field ? aggregatesFor(field) : (['count'] as const)).map((a) => ({
            value: a,
            label: t(`biDesign.agg.${a}`),
          }))}
          onChange={(agg) => onChange(setAggregate(chart, index, agg, field))}
        />
        {name}
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('biDesign.chart.remove', { name })}
          onClick={() => onChange({ ...chart, measures: chart.measures.filter((_, j) => j !== index) })}
        />
      </Space>
    </Tag>
  );
}
