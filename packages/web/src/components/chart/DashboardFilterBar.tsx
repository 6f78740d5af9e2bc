import { CloseOutlined } from '@ant-design/icons';
import type { ChartResult, DashboardFilter, DashboardView } from '@trestle/shared';
import { DatePicker, Flex, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { valueKey } from './chart-model.ts';
import { type Choice, type CrossFilter, choicesOf, type FilterValue } from './dashboard-state.ts';
import type { ChartLanguage, Scalar } from './format.ts';

type Props = {
  view: DashboardView;
  results: Record<string, ChartResult>;
  language: ChartLanguage;
  values: Record<string, FilterValue>;
  onChange(filterId: string, value: FilterValue | null): void;
  cross: CrossFilter[];
  onRemoveCross(itemId: string): void;
  onClearCross(): void;
};

/** The dashboard's filters (a date range, a pick list), and the values clicked on its charts as tags. */
export function DashboardFilterBar({
  view,
  results,
  language,
  values,
  onChange,
  cross,
  onRemoveCross,
  onClearCross,
}: Props) {
  const { t } = useTranslation();
  const fieldLabel = (field: string) => {
    for (const fields of Object.values(view.fields)) {
      const f = fields.find((x) => x.name === field);
      if (f) return f.label[language] || f.label.en;
    }
    return field;
  };
  if (view.definition.filters.length === 0 && cross.length === 0) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      {view.definition.filters.length > 0 && (
        <Flex wrap gap={16} align="center">
          {view.definition.filters.map((f) => (
            <Flex key={f.id} gap={8} align="center">
              <Typography.Text>{f.label[language] || f.label.en}</Typography.Text>
              {f.kind === 'dateRange' ? (
                <DateRangeFilter filter={f} value={values[f.id]} onChange={onChange} language={language} />
              ) : (
                <SelectFilter
                  filter={f}
                  value={values[f.id]}
                  onChange={onChange}
                  view={view}
                  results={results}
                  language={language}
                />
              )}
            </Flex>
          ))}
        </Flex>
      )}
      {cross.length > 0 && (
        <Flex wrap gap={4} align="center">
          <Typography.Text type="secondary">{t('dashboardBoard.crossFilters')}</Typography.Text>
          {cross.map((c) => {
            const name = `${fieldLabel(c.pick.field)}: ${c.pick.label}`;
            return (
              <Tag
                key={c.itemId}
                color="blue"
                closable
                closeIcon={<CloseOutlined aria-label={t('dashboardBoard.removeFilter', { name })} />}
                onClose={(e) => {
                  e.preventDefault();
                  onRemoveCross(c.itemId);
                }}
              >
                {name}
              </Tag>
            );
          })}
          {cross.length > 1 && <Typography.Link onClick={onClearCross}>{t('dashboardBoard.clearAll')}</Typography.Link>}
        </Flex>
      )}
    </Flex>
  );
}

type FilterProps = {
  filter: DashboardFilter;
  value: FilterValue | undefined;
  onChange(filterId: string, value: FilterValue | null): void;
  language: ChartLanguage;
};

function DateRangeFilter({ filter, value, onChange, language }: FilterProps) {
  const range = value?.kind === 'dateRange' ? value : null;
  return (
    <DatePicker.RangePicker
      aria-label={filter.label[language] || filter.label.en}
      allowEmpty={[true, true]}
      value={range ? [range.from ? dayjs(range.from) : null, range.to ? dayjs(range.to) : null] : null}
      onChange={(dates) => {
        const from = dates?.[0]?.format('YYYY-MM-DD') ?? null;
        const to = dates?.[1]?.format('YYYY-MM-DD') ?? null;
        onChange(filter.id, from || to ? { kind: 'dateRange', from, to } : null);
      }}
    />
  );
}

/**
 * A pick list of the values the charts returned for the filter's fields, or a typed one. The values seen are
 * kept: once a value is chosen the charts return only it, and the others must stay on offer.
 */
function SelectFilter({
  filter,
  value,
  onChange,
  view,
  results,
  language,
}: FilterProps & {
  view: DashboardView;
  results: Record<string, ChartResult>;
}) {
  const { t } = useTranslation();
  const seen = useRef(new Map<string, Choice>());
  const choices = useMemo(() => {
    for (const c of choicesOf(view, filter, results, language)) seen.current.set(valueKey(c.value), c);
    return [...seen.current.values()];
  }, [view, filter, results, language]);
  const chosen = value?.kind === 'select' ? value.values : [];
  // An option's value is its JSON (so a number, a code and a yes/no stay what they are); a typed one is text.
  const toRaw = (key: string): Scalar => seen.current.get(key)?.value ?? key;
  const keyOf = (raw: Scalar) => {
    const key = valueKey(raw);
    return seen.current.has(key) ? key : String(raw);
  };
  return (
    <Select
      mode="tags"
      allowClear
      aria-label={filter.label[language] || filter.label.en}
      placeholder={t('dashboardBoard.selectPlaceholder')}
      style={{ minWidth: 200 }}
      maxTagCount="responsive"
      value={chosen.map(keyOf)}
      options={choices.map((c) => ({ value: valueKey(c.value), label: c.label }))}
      optionFilterProp="label"
      onChange={(keys: string[]) =>
        onChange(filter.id, keys.length > 0 ? { kind: 'select', values: keys.map(toRaw) } : null)
      }
    />
  );
}
