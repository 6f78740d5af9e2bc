import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ChartDefinition, type ChartStyle, type DatasetField, langOf, numberFormats } from '@trestle/shared';
import { AutoComplete, Button, Card, ColorPicker, InputNumber, Select, Space, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  chart: ChartDefinition;
  fields: DatasetField[];
  errors: Record<string, string>;
  onChange(next: ChartDefinition): void;
};

const MAX_COLORS = 12;
const NEXT_COLORS = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4'];
const dateFormats = ['YYYY-MM-DD', 'YYYY-MM', 'YYYY/MM/DD', 'MM-DD', 'YYYY'];

/** One setting: its words above its control, and its problem under it. */
function Setting({ label, problem, children }: { label: string; problem?: string; children: ReactNode }) {
  return (
    <Space orientation="vertical" size={2} style={{ width: '100%' }}>
      <Typography.Text>{label}</Typography.Text>
      {children}
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </Space>
  );
}

/** The order of the groups and how many are kept. */
function SortAndLimit({ chart, errors, onChange }: Omit<Props, 'fields'>) {
  const { t } = useTranslation();
  const byOptions = [
    { value: 'none', label: t('biDesign.sort.none') },
    { value: 'dimension', label: t('biDesign.sort.dimension') },
    ...chart.measures.map((_, i) => ({ value: `measure:${i}`, label: t('biDesign.sort.measure', { n: i + 1 }) })),
  ];
  return (
    <>
      <Setting label={t('biDesign.sort')} problem={errors['sort.by']}>
        <Space.Compact block>
          <Select
            aria-label={t('biDesign.sort.by')}
            style={{ flex: 1 }}
            value={chart.sort?.by ?? 'none'}
            options={byOptions}
            onChange={(by: string) =>
              onChange({ ...chart, sort: by === 'none' ? null : { by, order: chart.sort?.order ?? 'desc' } })
            }
          />
          <Select<'asc' | 'desc'>
            aria-label={t('biDesign.sort.order')}
            style={{ width: 120 }}
            disabled={!chart.sort}
            value={chart.sort?.order ?? 'desc'}
            options={[
              { value: 'asc', label: t('biDesign.sort.asc') },
              { value: 'desc', label: t('biDesign.sort.desc') },
            ]}
            onChange={(order) => chart.sort && onChange({ ...chart, sort: { ...chart.sort, order } })}
          />
        </Space.Compact>
      </Setting>
      <Setting label={t('biDesign.limit')}>
        <InputNumber
          aria-label={t('biDesign.limit')}
          min={1}
          max={10_000}
          precision={0}
          style={{ width: '100%' }}
          value={chart.limit}
          onChange={(v) => typeof v === 'number' && onChange({ ...chart, limit: v })}
        />
      </Setting>
    </>
  );
}

/** The series' colours in order; none: the theme's. */
function Colors({ style, onChange }: { style: ChartStyle; onChange(colors: string[]): void }) {
  const { t } = useTranslation();
  const { colors } = style;
  return (
    <Space wrap size={4}>
      {colors.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same colour may be given twice; its place is the series'
        <Space.Compact key={i}>
          <ColorPicker
            size="small"
            disabledAlpha
            value={c}
            aria-label={t('biDesign.style.color', { n: i + 1 })}
            onChangeComplete={(v) => onChange(colors.map((x, j) => (j === i ? v.toHexString().slice(0, 7) : x)))}
          />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('biDesign.style.removeColor', { n: i + 1 })}
            onClick={() => onChange(colors.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={colors.length >= MAX_COLORS}
        onClick={() => onChange([...colors, NEXT_COLORS[colors.length % NEXT_COLORS.length] ?? '#5470c6'])}
      >
        {t('biDesign.style.addColor')}
      </Button>
    </Space>
  );
}

/**
 * The chart's settings beside the wells: sort and limit; colours, labels, legend, number and date formats;
 * a gauge's end; a KPI's comparison; how long a result is cached.
 */
export function ChartSettings({ chart, fields, errors, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const style = chart.style;
  const setStyle = (next: Partial<ChartStyle>) => onChange({ ...chart, style: { ...style, ...next } });
  const dateFields = fields.filter((f) => f.type === 'date' || f.type === 'datetime');

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={t('biDesign.settings.data')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <SortAndLimit chart={chart} errors={errors} onChange={onChange} />
          {chart.type === 'kpi' && (
            <>
              <Setting label={t('biDesign.compare')} problem={errors.compare}>
                <Select<ChartDefinition['compare']>
                  aria-label={t('biDesign.compare')}
                  style={{ width: '100%' }}
                  value={chart.compare}
                  options={(['none', 'previousPeriod', 'previousYear'] as const).map((c) => ({
                    value: c,
                    label: t(`biDesign.compare.${c}`),
                  }))}
                  onChange={(compare) => onChange({ ...chart, compare })}
                />
              </Setting>
              {chart.compare !== 'none' && (
                <Setting label={t('biDesign.compareField')} problem={errors.compareField}>
                  <Select<string>
                    aria-label={t('biDesign.compareField')}
                    style={{ width: '100%' }}
                    value={chart.compareField ?? undefined}
                    options={dateFields.map((f) => ({ value: f.name, label: f.label[lang] || f.name }))}
                    onChange={(compareField) => onChange({ ...chart, compareField })}
                  />
                </Setting>
              )}
            </>
          )}
          <Setting label={t('biDesign.cacheSeconds')}>
            <InputNumber
              aria-label={t('biDesign.cacheSeconds')}
              min={0}
              max={86_400}
              precision={0}
              style={{ width: '100%' }}
              value={chart.cacheSeconds}
              onChange={(v) => typeof v === 'number' && onChange({ ...chart, cacheSeconds: v })}
            />
          </Setting>
        </Space>
      </Card>
      <Card size="small" title={t('biDesign.settings.style')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Setting label={t('biDesign.style.colors')}>
            <Colors style={style} onChange={(colors) => setStyle({ colors })} />
          </Setting>
          <Space wrap>
            <Switch
              aria-label={t('biDesign.style.showLabels')}
              size="small"
              checked={style.showLabels}
              onChange={(showLabels) => setStyle({ showLabels })}
            />
            {t('biDesign.style.showLabels')}
            <Switch
              aria-label={t('biDesign.style.showLegend')}
              size="small"
              checked={style.showLegend}
              onChange={(showLegend) => setStyle({ showLegend })}
            />
            {t('biDesign.style.showLegend')}
          </Space>
          <Setting label={t('biDesign.style.numberFormat')}>
            <Space.Compact block>
              <Select<ChartStyle['numberFormat']>
                aria-label={t('biDesign.style.numberFormat')}
                style={{ flex: 1 }}
                value={style.numberFormat}
                options={numberFormats.map((f) => ({ value: f, label: t(`biDesign.numberFormat.${f}`) }))}
                onChange={(numberFormat) => setStyle({ numberFormat })}
              />
              <InputNumber
                aria-label={t('biDesign.style.decimals')}
                title={t('biDesign.style.decimals')}
                min={0}
                max={6}
                precision={0}
                style={{ width: 80 }}
                value={style.decimals}
                onChange={(v) => typeof v === 'number' && setStyle({ decimals: v })}
              />
            </Space.Compact>
          </Setting>
          <Setting label={t('biDesign.style.dateFormat')}>
            <AutoComplete
              aria-label={t('biDesign.style.dateFormat')}
              placeholder={t('biDesign.style.dateFormatByGrain')}
              style={{ width: '100%' }}
              value={style.dateFormat}
              options={dateFormats.map((f) => ({ value: f }))}
              onChange={(dateFormat: string) => setStyle({ dateFormat: dateFormat.slice(0, 30) })}
            />
          </Setting>
          {chart.type === 'gauge' && (
            <Setting label={t('biDesign.style.max')}>
              <InputNumber
                aria-label={t('biDesign.style.max')}
                style={{ width: '100%' }}
                value={style.max ?? null}
                onChange={(v) => setStyle({ max: typeof v === 'number' ? v : undefined })}
              />
            </Setting>
          )}
        </Space>
      </Card>
    </Space>
  );
}
