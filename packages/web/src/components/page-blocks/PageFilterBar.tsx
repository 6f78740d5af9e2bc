import type { FieldMeta, PageFilter } from '@trestle/shared';
import { DatePicker, Flex, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDictionaries } from '../grid/dictionaries.ts';
import { usePage } from './page-context.tsx';
import { isoDay, pageFiltersOf, textOf } from './page-wheres.ts';

/** The page's filters (a date range, a pick list), above its blocks: each feeds the blocks it targets. */
export function PageFilterBar() {
  const { t, i18n } = useTranslation();
  const page = usePage();
  const filters = pageFiltersOf(page.nodes);
  // One dictionary read for every pick list of the page, as a screen reads its fields' dictionaries.
  const dictFields = filters.flatMap((f): FieldMeta[] =>
    f.dictionary ? [{ name: f.id, type: 'dict', label: f.label, dictionary: f.dictionary }] : [],
  );
  const dictionaries = useDictionaries([{ fields: dictFields }]);
  if (filters.length === 0) return null;
  const optionsOf = (filter: PageFilter) =>
    filter.dictionary
      ? (dictionaries.get(filter.dictionary)?.items ?? []).map((i) => ({ value: String(i.value), label: i.label }))
      : filter.options.map((o) => ({ value: o, label: o }));
  return (
    <Flex wrap gap={16} align="center" role="search" aria-label={t('pageBlocks.filters')} style={{ marginBottom: 12 }}>
      {filters.map((filter) => {
        const label = textOf(filter.label, i18n.language);
        const value = page.filters[filter.id];
        return (
          <Flex key={filter.id} gap={8} align="center">
            <Typography.Text>{label}</Typography.Text>
            {filter.kind === 'dateRange' ? (
              <DatePicker.RangePicker
                aria-label={label}
                allowEmpty={[true, true]}
                value={
                  value?.kind === 'dateRange'
                    ? [value.from ? dayjs(value.from) : null, value.to ? dayjs(value.to) : null]
                    : null
                }
                onChange={(dates) => {
                  const from = dates?.[0] ? isoDay(dates[0]) : null;
                  const to = dates?.[1] ? isoDay(dates[1]) : null;
                  page.setFilter(filter.id, from || to ? { kind: 'dateRange', from, to } : null);
                }}
              />
            ) : (
              <Select
                mode="multiple"
                allowClear
                aria-label={label}
                placeholder={t('pageBlocks.selectPlaceholder')}
                style={{ minWidth: 200 }}
                maxTagCount="responsive"
                value={value?.kind === 'select' ? value.values : []}
                options={optionsOf(filter)}
                optionFilterProp="label"
                onChange={(values: string[]) =>
                  page.setFilter(filter.id, values.length > 0 ? { kind: 'select', values } : null)
                }
              />
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}
