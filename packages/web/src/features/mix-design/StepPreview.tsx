import { langOf, type TableDesign } from '@trestle/shared';
import { Alert, Button, Calendar, Card, Col, Descriptions, Row, Space, Statistic, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepProps } from './MixWizard.tsx';
import { detailTableOf, type MixState, mainTableOf, titleFieldOf } from './mix-model.ts';
import { type SampleRow, sampleRows } from './preview-rows.ts';

/**
 * The page the app will be, over sample rows: the table does not exist until the app is published, so the
 * blocks are drawn here from rows made up in memory, and said to be samples. The real page, over real rows,
 * opens from the list once published.
 */
export function StepPreview({ app, busy, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  const table = mainTableOf(app.draft);
  const detail = detailTableOf(app.draft);
  const rows = useMemo(() => (table ? sampleRows(table, 4) : []), [table]);
  if (!table) return <Alert type="warning" showIcon title={t('mixDesign.noTableYet')} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('mixDesign.samples')} description={t('mixDesign.samplesHint')} />
      <SampleGrid design={table} rows={rows} />
      <SecondBlock app={app} table={table} detail={detail} rows={rows} />
      <Space>
        <Button onClick={onBack} disabled={busy}>
          {t('mixDesign.previous')}
        </Button>
        <Button type="primary" loading={busy} onClick={() => onNext(app)}>
          {t('mixDesign.next')}
        </Button>
      </Space>
    </Space>
  );
}

function SampleGrid({ design, rows }: { design: TableDesign; rows: SampleRow[] }) {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return (
    <Card size="small" title={design.label[lang]}>
      <Table<SampleRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        columns={design.fields.map((f) => ({
          key: f.name,
          title: f.label[lang],
          render: (_: unknown, r: SampleRow) => String(r[f.name] ?? ''),
        }))}
      />
    </Card>
  );
}

function SecondBlock({
  app,
  table,
  detail,
  rows,
}: {
  app: MixState;
  table: TableDesign;
  detail: TableDesign | null;
  rows: SampleRow[];
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const opts = app.draft.layoutOptions;
  const first = rows[0];
  switch (app.draft.layout) {
    case 'listDetail':
      return (
        <Card size="small" title={t('mixDesign.layout.listDetail')}>
          <Descriptions
            size="small"
            column={2}
            items={table.fields.map((f) => ({ key: f.name, label: f.label[lang], children: String(first?.[f.name]) }))}
          />
        </Card>
      );
    case 'listCalendar': {
      const on = opts.on === 'detail' && detail ? detail : table;
      const lines = on === detail && first ? sampleRows(detail, 3, { row: first, design: table }) : rows;
      const date = String(opts.dateField ?? '');
      const end = typeof opts.endField === 'string' ? opts.endField : date;
      const title = String(opts.titleField ?? titleFieldOf(on));
      const onDay = (d: dayjs.Dayjs) =>
        lines.filter((r) => !d.isBefore(dayjs(String(r[date])), 'day') && !d.isAfter(dayjs(String(r[end])), 'day'));
      return (
        <Card size="small" title={on.label[lang]}>
          <Calendar
            fullscreen={false}
            cellRender={(d, info) =>
              info.type === 'date' ? onDay(d).map((r) => <Tag key={r.id}>{String(r[title])}</Tag>) : null
            }
          />
        </Card>
      );
    }
    case 'listKanban': {
      const group = String(opts.groupField ?? '');
      const lanes = [...new Set(rows.map((r) => String(r[group])))];
      const title = String(opts.titleField ?? titleFieldOf(table));
      return (
        <Row gutter={12}>
          {lanes.map((lane) => (
            <Col key={lane} span={24 / Math.max(lanes.length, 1)}>
              <Card size="small" title={lane}>
                {rows
                  .filter((r) => String(r[group]) === lane)
                  .map((r) => (
                    <Card key={r.id} size="small" style={{ marginBottom: 8 }}>
                      {String(r[title])}
                    </Card>
                  ))}
              </Card>
            </Col>
          ))}
        </Row>
      );
    }
    case 'listChart':
      return (
        <Card size="small">
          <Statistic title={table.label[lang]} value={rows.length} />
          {typeof opts.chartId === 'number' && <Tag>{t('mixDesign.chartHere', { id: opts.chartId })}</Tag>}
        </Card>
      );
    default:
      return null;
  }
}
