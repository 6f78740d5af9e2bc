import { useQuery } from '@tanstack/react-query';
import { type BiListItem, langOf, type MixLayout, mixLayouts, type TableDesign } from '@trestle/shared';
import { Alert, Button, Card, Col, Form, Radio, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/client.ts';
import type { StepProps } from './MixWizard.tsx';
import { mixKeys } from './mix-api.ts';
import { dateFieldsOf, detailTableOf, dictFieldsOf, mainTableOf } from './mix-model.ts';
import { calendarOptionsOn, defaultLayoutOptions, type LayoutOptions, layoutFits } from './mix-page.ts';

/** The saved BI charts a chart layout may show (none offered to someone without the BI designer's grant). */
const useCharts = (enabled: boolean) =>
  useQuery({
    queryKey: [...mixKeys.all, 'charts'],
    enabled,
    queryFn: () => http.get<BiListItem[]>('/api/bi/charts', undefined, { quiet: true }).catch(() => []),
  });

/**
 * The page's layout: the table's list with its row's details, a calendar, a kanban or a chart beside it. The
 * first that fits is chosen (a calendar when there is a date field), with its date, lane and title fields.
 */
export function StepLayout({ app, busy, onNext, onBack }: StepProps) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const table = mainTableOf(app.draft);
  const detail = detailTableOf(app.draft);
  const first: MixLayout = table && layoutFits('listCalendar', table, detail) ? 'listCalendar' : 'listDetail';
  const [layout, setLayout] = useState<MixLayout>(app.draft.layout ?? first);
  const [opts, setOpts] = useState<LayoutOptions>(() =>
    app.draft.layout || !table ? app.draft.layoutOptions : defaultLayoutOptions(first, table, detail),
  );
  const charts = useCharts(layout === 'listChart');
  if (!table) return <Alert type="warning" showIcon title={t('mixDesign.noTableYet')} />;

  const pick = (next: MixLayout) => {
    setLayout(next);
    setOpts(defaultLayoutOptions(next, table, detail));
  };
  const set = (key: string, value: string | number | null) => setOpts((o) => ({ ...o, [key]: value }));
  const on = opts.on === 'detail' && detail ? detail : table;
  const choice = (key: string, names: string[], t2: TableDesign, clear = false) => (
    <Form.Item label={t(`mixDesign.option.${key}`)}>
      <Select
        aria-label={t(`mixDesign.option.${key}`)}
        value={typeof opts[key] === 'string' ? opts[key] : null}
        allowClear={clear}
        onChange={(v: string | undefined) => set(key, v ?? null)}
        options={names.map((n) => ({ value: n, label: t2.fields.find((f) => f.name === n)?.label[lang] ?? n }))}
      />
    </Form.Item>
  );
  const fieldNames = (t2: TableDesign) => t2.fields.map((f) => f.name);

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Radio.Group value={layout} onChange={(e) => pick(e.target.value as MixLayout)} style={{ width: '100%' }}>
        <Row gutter={[12, 12]}>
          {mixLayouts.map((l) => (
            <Col key={l} xs={24} md={12} xl={6}>
              <Card size="small">
                <Radio value={l} disabled={!layoutFits(l, table, detail)}>
                  {t(`mixDesign.layout.${l}`)}
                </Radio>
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                  {t(`mixDesign.layoutHint.${l}`)}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      </Radio.Group>
      <Form layout="vertical" style={{ maxWidth: 560 }}>
        {layout === 'listCalendar' && (
          <>
            {/* Said whenever there is a detail table, so the admin sees which rows the calendar shows; a table
                without a date field cannot be chosen. */}
            {detail && (
              <Form.Item label={t('mixDesign.option.on')}>
                <Radio.Group
                  value={opts.on}
                  onChange={(e) => setOpts(calendarOptionsOn(e.target.value, table, detail))}
                  options={[
                    { value: 'main', label: table.label[lang], disabled: dateFieldsOf(table).length === 0 },
                    { value: 'detail', label: detail.label[lang], disabled: dateFieldsOf(detail).length === 0 },
                  ]}
                />
              </Form.Item>
            )}
            {choice('dateField', dateFieldsOf(on), on)}
            {choice('endField', dateFieldsOf(on), on, true)}
            {choice('titleField', fieldNames(on), on)}
          </>
        )}
        {layout === 'listKanban' && (
          <>
            {choice('groupField', dictFieldsOf(table), table)}
            {choice('titleField', fieldNames(table), table)}
          </>
        )}
        {layout === 'listChart' && <ChartChoice charts={charts.data ?? []} value={opts.chartId} onChange={set} />}
      </Form>
      <Space>
        <Button onClick={onBack} disabled={busy}>
          {t('mixDesign.previous')}
        </Button>
        <Button
          type="primary"
          loading={busy}
          onClick={() => onNext({ ...app, draft: { ...app.draft, layout, layoutOptions: opts } })}
        >
          {t('mixDesign.next')}
        </Button>
      </Space>
    </Space>
  );
}

function ChartChoice({
  charts,
  value,
  onChange,
}: {
  charts: readonly BiListItem[];
  value: LayoutOptions[string] | undefined;
  onChange(key: string, value: number | null): void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('mixDesign.option.chartId')} extra={t('mixDesign.option.chartHint')}>
      <Select
        aria-label={t('mixDesign.option.chartId')}
        allowClear
        value={typeof value === 'number' ? value : null}
        onChange={(v: number | undefined) => onChange('chartId', v ?? null)}
        options={charts.map((c) => ({ value: c.id, label: c.name }))}
      />
    </Form.Item>
  );
}
