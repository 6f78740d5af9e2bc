import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Chart, DashboardFilter, DatasetField } from '@trestle/shared';
import { Button, Card, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChartLanguage } from '../../../components/chart/format.ts';
import { nextId } from '../../../components/grid-layout/layout.ts';

type Props = {
  filters: DashboardFilter[];
  onChange(filters: DashboardFilter[]): void;
  /** The charts on the dashboard, each once, with their definitions. */
  charts: Chart[];
  fieldsOf(datasetId: number): DatasetField[];
  language: ChartLanguage;
};

const dateTypes = new Set(['date', 'datetime']);

/**
 * The dashboard's filters: a date range or a pick list, named in both languages, and for each chart on the
 * dashboard the field of its dataset it filters (or none). A date range offers only date fields.
 */
export function FiltersPanel({ filters, onChange, charts, fieldsOf, language }: Props) {
  const { t } = useTranslation();
  const update = (id: string, change: (f: DashboardFilter) => DashboardFilter) =>
    onChange(filters.map((f) => (f.id === id ? change(f) : f)));
  const add = () =>
    onChange([...filters, { id: nextId(filters, 'f'), kind: 'dateRange', label: { en: '', zh: '' }, targets: [] }]);

  if (charts.length === 0) return <Typography.Text type="secondary">{t('dashboardEditor.noCharts')}</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      {filters.map((f, n) => (
        <Card
          key={f.id}
          size="small"
          title={f.label[language] || f.label.en || `${t('dashboardEditor.filters')} ${n + 1}`}
          extra={
            <Button
              type="text"
              danger
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('dashboardEditor.removeFilter')}
              onClick={() => onChange(filters.filter((x) => x.id !== f.id))}
            />
          }
        >
          <Form layout="vertical" size="small">
            <Form.Item label={t('dashboardEditor.filterKind')} style={{ marginBottom: 8 }}>
              <Select
                aria-label={t('dashboardEditor.filterKind')}
                value={f.kind}
                options={(['dateRange', 'select'] as const).map((k) => ({
                  value: k,
                  label: t(`dashboardEditor.kind.${k}`),
                }))}
                // Another kind filters other fields: the targets chosen for the old one may not fit.
                onChange={(kind) => update(f.id, (x) => ({ ...x, kind, targets: [] }))}
              />
            </Form.Item>
            <Flex gap={8}>
              {(['en', 'zh'] as const).map((lang) => (
                <Form.Item
                  key={lang}
                  label={t(lang === 'en' ? 'dashboardEditor.labelEn' : 'dashboardEditor.labelZh')}
                  style={{ marginBottom: 8, flex: 1 }}
                >
                  <Input
                    aria-label={t(lang === 'en' ? 'dashboardEditor.labelEn' : 'dashboardEditor.labelZh')}
                    value={f.label[lang]}
                    maxLength={100}
                    onChange={(e) => update(f.id, (x) => ({ ...x, label: { ...x.label, [lang]: e.target.value } }))}
                  />
                </Form.Item>
              ))}
            </Flex>
            <Typography.Text type="secondary">{t('dashboardEditor.targets')}</Typography.Text>
            {charts.map((chart) => {
              const fields = fieldsOf(chart.definition.datasetId).filter(
                (field) => (f.kind === 'dateRange') === dateTypes.has(field.type),
              );
              const target = f.targets.find((x) => x.chartId === chart.id);
              return (
                <Form.Item key={chart.id} label={chart.name} style={{ marginBottom: 4 }}>
                  <Select
                    aria-label={`${chart.name}: ${t('dashboardEditor.targets')}`}
                    allowClear
                    placeholder={t('dashboardEditor.noTarget')}
                    value={target?.field}
                    options={fields.map((field) => ({ value: field.name, label: field.label[language] || field.name }))}
                    onChange={(field?: string) =>
                      update(f.id, (x) => ({
                        ...x,
                        targets: [
                          ...x.targets.filter((y) => y.chartId !== chart.id),
                          ...(field ? [{ chartId: chart.id, field }] : []),
                        ],
                      }))
                    }
                  />
                </Form.Item>
              );
            })}
          </Form>
        </Card>
      ))}
      <Button icon={<PlusOutlined />} onClick={add} disabled={filters.length >= 10}>
        {t('dashboardEditor.addFilter')}
      </Button>
    </Flex>
  );
}
