import { useQuery } from '@tanstack/react-query';
import { type ProjectFigures, weeklyReportMeta } from '@trestle/shared';
import { Descriptions, Drawer, Space, Spin, Table, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { dictLabel, useDictionaries } from '../../components/grid/dictionaries.ts';
import { formatMoney, formatPct, projectFigures, summaryCharts, summaryKeys } from './summary-api.ts';

const SummaryChartsView = lazy(() => import('./SummaryCharts.tsx'));

/** One project's figures (§4.1) and charts (§4.2), opened from the portfolio. */
export function ProjectDrawer({ id, onClose }: { id: number; onClose(): void }) {
  // Not built from the ViewGrid parts: one project's figures and its milestone timeline, shown whole, not a list.
  const { t } = useTranslation();
  const figures = useQuery({ queryKey: summaryKeys.project(id), queryFn: () => projectFigures(id) });
  const charts = useQuery({
    queryKey: summaryKeys.charts({ projectId: id }),
    queryFn: () => summaryCharts({ projectId: id }),
  });
  // The last report's flag in the reader's language, as the weekly reports screen shows it.
  const flags = useDictionaries([weeklyReportMeta]).get('reportStatusFlag');
  const f = figures.data;
  const money = (key: keyof ProjectFigures) => (f ? formatMoney(String(f[key])) : '');
  const section = (title: string, pairs: [string, string | number | null][]) => (
    <Descriptions
      size="small"
      bordered
      column={3}
      title={title}
      items={pairs.map(([label, value]) => ({ key: label, label, children: value ?? '—' }))}
    />
  );

  return (
    <Drawer open width={1000} title={f ? `${f.code} ${f.name}` : t('summary.project')} onClose={onClose}>
      {!f ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {section(t('summary.sales'), [
            [t('summary.contract'), money('contractAmount')],
            [t('summary.contractExclTax'), money('contractExclTax')],
            [t('summary.invoiced'), money('invoicedAmount')],
            [t('summary.received'), money('receivedAmount')],
            [t('summary.receivable'), money('receivableAmount')],
            [t('summary.overdueReceivable'), money('overdueReceivable')],
            [t('summary.uninvoiced'), money('uninvoicedAmount')],
            [t('summary.receivedPct'), formatPct(f.receivedPct)],
            [t('summary.netCash'), money('netCash')],
          ])}
          {section(t('summary.costs'), [
            [t('summary.committed'), money('committedAmount')],
            [t('summary.supplierInvoiced'), money('supplierInvoiced')],
            [t('summary.paid'), money('paidAmount')],
            [t('summary.payable'), money('payableAmount')],
            [t('summary.planned'), money('budgetPlanned')],
            [t('summary.budgetUsage'), formatPct(f.budgetUsagePct)],
            [t('summary.actualCost'), money('actualCost')],
            [t('summary.grossMargin'), `${money('grossMargin')} (${formatPct(f.grossMarginPct)})`],
            [t('summary.plannedMargin'), `${money('plannedMargin')} (${formatPct(f.plannedMarginPct)})`],
            [t('summary.forecastMargin'), `${money('forecastMargin')} (${formatPct(f.forecastMarginPct)})`],
          ])}
          {section(t('summary.schedule'), [
            [t('summary.progress'), formatPct(f.progressPct)],
            [t('summary.milestonesDone'), `${f.milestonesReached} / ${f.milestonesTotal}`],
            [t('summary.milestonesOverdue'), f.milestonesOverdue],
            [t('summary.maxSlip'), f.maxSlipDays],
            [t('summary.nextMilestone'), f.nextMilestone ? `${f.nextMilestone} (${f.nextMilestoneDate})` : null],
            [
              t('summary.lastReport'),
              f.lastReportWeek ? `${f.lastReportWeek} ${dictLabel(flags, f.lastReportFlag)}` : null,
            ],
          ])}
          <Space>
            {t('summary.warnings')}
            <Tag color="red">{f.warningsCritical}</Tag>
            <Tag color="orange">{f.warningsWarning}</Tag>
            <Tag color="blue">{f.warningsInfo}</Tag>
          </Space>
          <Suspense fallback={<Spin />}>{charts.data && <SummaryChartsView charts={charts.data} single />}</Suspense>
          <Table
            size="small"
            rowKey={(m) => `${m.name}-${m.plannedDate}`}
            pagination={false}
            dataSource={charts.data?.timeline ?? []}
            columns={[
              { title: t('summary.milestone'), dataIndex: 'name' },
              { title: t('summary.baseline'), dataIndex: 'baselineDate', width: 110 },
              { title: t('summary.plannedDate'), dataIndex: 'plannedDate', width: 110 },
              { title: t('summary.actualDate'), dataIndex: 'actualDate', width: 110 },
              {
                title: t('summary.status'),
                key: 'status',
                width: 130,
                render: (_, m) => (m.overdue ? <Tag color="red">{t('summary.overdue')}</Tag> : m.status),
              },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
