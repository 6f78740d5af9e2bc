import { useQuery } from '@tanstack/react-query';
import {
  type PortfolioKpis,
  type PortfolioRequest,
  type PortfolioResult,
  type ProjectFigures,
  portfolioSortFields,
  type SummaryFilters,
} from '@trestle/shared';
import { Card, Col, Flex, Row, Space, Spin, Statistic, Tag } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedSelect } from '../../components/form/selects.tsx';
import { GridTable } from '../../components/grid/GridTable.tsx';
import { useGridState } from '../../components/grid/use-grid-state.ts';
import { ProjectDrawer } from './ProjectDrawer.tsx';
import { formatMoney, formatPct, portfolio, summaryCharts, summaryKeys, summaryOptions } from './summary-api.ts';

const SummaryChartsView = lazy(() => import('./SummaryCharts.tsx'));

export const HEALTH_COLOR: Record<string, string> = { GREEN: 'green', YELLOW: 'gold', RED: 'red', GREY: 'default' };
const STAGES = [
  'INITIATION',
  'PROCUREMENT',
  'DELIVERY',
  'IMPLEMENTATION',
  'PRELIM_ACCEPTANCE',
  'TRIAL_RUN',
  'FINAL_ACCEPTANCE',
  'WARRANTY',
];
const sortable = new Set<string>(portfolioSortFields);

/** The KPI cards of §4.3 over the filtered portfolio. */
function Kpis({ kpis }: { kpis: PortfolioKpis | undefined }) {
  const { t } = useTranslation();
  const money = (key: keyof PortfolioKpis) => formatMoney(kpis ? String(kpis[key]) : '0');
  const cards: [string, string | number][] = [
    [t('summary.activeProjects'), kpis?.activeProjects ?? 0],
    [t('summary.contract'), money('contractAmount')],
    [t('summary.contractThisYear'), money('contractThisYear')],
    [t('summary.invoiced'), money('invoicedAmount')],
    [t('summary.received'), money('receivedAmount')],
    [t('summary.receivable'), money('receivableAmount')],
    [t('summary.overdueReceivable'), money('overdueReceivable')],
    [t('summary.committed'), money('committedAmount')],
    [t('summary.paid'), money('paidAmount')],
    [t('summary.grossMarginPct'), formatPct(kpis?.grossMarginPct)],
    [t('summary.redProjects'), kpis?.redProjects ?? 0],
    [t('summary.openWarnings'), kpis?.openWarnings ?? 0],
  ];
  return (
    <Row gutter={[12, 12]}>
      {cards.map(([title, value]) => (
        <Col key={title} xs={12} sm={8} md={6} xl={4}>
          <Card size="small">
            <Statistic title={title} value={value} valueStyle={{ fontSize: 18 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** /ProjectSummary: the portfolio of the caller's projects, its KPIs and charts; a row opens one project. */
export function SummaryPage() {
  const { t } = useTranslation();
  const grid = useGridState<PortfolioRequest & { page: number; rows: number }, PortfolioResult>({
    key: summaryKeys.portfolio(),
    fetchPage: portfolio,
    initial: { page: 1, rows: 20, sort: 'code', order: 'asc', filters: {} },
    rowKey: (r) => r.id,
    defaultSort: { field: 'code', order: 'asc' },
  });
  const { request } = grid;
  const filters = request.filters ?? {};
  const [open, setOpen] = useState<number | null>(null);
  const charts = useQuery({ queryKey: summaryKeys.charts({ filters }), queryFn: () => summaryCharts({ filters }) });
  const options = useQuery({ queryKey: summaryKeys.options(), queryFn: summaryOptions });
  const change = (patch: Partial<SummaryFilters>) => grid.search({ filters: { ...filters, ...patch } });
  const order = (key: string) =>
    request.sort === key ? (request.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null;
  const col = (key: string, title: string, render: (r: ProjectFigures) => ReactNode, width = 120, right = false) => ({
    key,
    title,
    width,
    align: right ? ('right' as const) : undefined,
    sorter: sortable.has(key),
    sortOrder: sortable.has(key) ? order(key) : undefined,
    render: (_: unknown, r: ProjectFigures) => render(r),
  });
  const select = (
    key: keyof SummaryFilters,
    label: string,
    opts: { value: string | number; label: string }[],
    width = 180,
  ) => (
    <DelayedSelect
      size="small"
      style={{ width }}
      aria-label={label}
      placeholder={label}
      options={opts}
      value={filters[key]}
      onChange={(v) => change({ [key]: v ?? undefined })}
    />
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex justify="space-between" wrap gap="small">
        <Space wrap>
          {select('organizationId', t('summary.department'), options.data?.organizations ?? [])}
          {select('managerId', t('summary.manager'), options.data?.managers ?? [], 150)}
          {select('customerId', t('summary.customer'), options.data?.customers ?? [], 200)}
          {select(
            'type',
            t('summary.type'),
            [
              { value: 'DELIVERY', label: t('summary.typeDelivery') },
              { value: 'OM', label: t('summary.typeOm') },
            ],
            120,
          )}
          {select(
            'stage',
            t('summary.stage'),
            STAGES.map((s) => ({ value: s, label: t(`summary.stage.${s}`) })),
            150,
          )}
        </Space>
      </Flex>
      <Kpis kpis={grid.query.data?.kpis} />
      <Suspense fallback={<Spin />}>
        {charts.data && <SummaryChartsView charts={charts.data} single={false} />}
      </Suspense>
      <GridTable
        grid={grid}
        testId="portfolio-table"
        wide
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
        pagination={{ showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
        columns={[
          { ...col('code', t('summary.code'), (r) => r.code, 130), fixed: 'left' },
          { ...col('name', t('summary.name'), (r) => r.name, 220), fixed: 'left' },
          col('customerName', t('summary.customer'), (r) => r.customerName, 180),
          col('managerName', t('summary.manager'), (r) => r.managerName, 110),
          col('stage', t('summary.stage'), (r) => t(`summary.stage.${r.stage}`, { defaultValue: r.stage }), 120),
          col(
            'health',
            t('summary.healthLabel'),
            (r) => (
              <Tag color={HEALTH_COLOR[r.health]}>{t(`summary.health.${r.health}`, { defaultValue: r.health })}</Tag>
            ),
            90,
          ),
          col('progressPct', t('summary.progress'), (r) => formatPct(r.progressPct), 90, true),
          col('contractAmount', t('summary.contract'), (r) => formatMoney(r.contractAmount), 130, true),
          col('invoicedPct', t('summary.invoicedPct'), (r) => formatPct(r.invoicedPct), 100, true),
          col('receivedPct', t('summary.receivedPct'), (r) => formatPct(r.receivedPct), 100, true),
          col('receivableAmount', t('summary.receivable'), (r) => formatMoney(r.receivableAmount), 130, true),
          col('budgetUsagePct', t('summary.budgetUsage'), (r) => formatPct(r.budgetUsagePct), 100, true),
          col('forecastMarginPct', t('summary.forecastMargin'), (r) => formatPct(r.forecastMarginPct), 110, true),
          col(
            'nextMilestoneDate',
            t('summary.nextMilestone'),
            (r) => (r.nextMilestone ? `${r.nextMilestone} (${r.nextMilestoneDate})` : '—'),
            220,
          ),
          col(
            'openWarnings',
            t('summary.warnings'),
            (r) => (
              <Space size={2}>
                {r.warningsCritical > 0 && <Tag color="red">{r.warningsCritical}</Tag>}
                {r.warningsWarning > 0 && <Tag color="orange">{r.warningsWarning}</Tag>}
                {r.warningsInfo > 0 && <Tag color="blue">{r.warningsInfo}</Tag>}
              </Space>
            ),
            120,
          ),
        ]}
      />
      {open !== null && <ProjectDrawer id={open} onClose={() => setOpen(null)} />}
    </Space>
  );
}
