import type { SummaryCharts } from '@trestle/shared';
import { Card, Col, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from './EChart.tsx';

const num = (s: string) => Number(s);
const HEALTH_COLOURS: Record<string, string> = { GREEN: '#52c41a', YELLOW: '#faad14', RED: '#f5222d', GREY: '#bfbfbf' };

/**
 * The summary's charts (§4.2, §4.3), in their own chunk with ECharts: contract vs invoiced vs received,
 * budget by category, receivable ageing, milestone progress and, for the portfolio, health.
 */
export default function SummaryChartsView({ charts, single }: { charts: SummaryCharts; single: boolean }) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const bar = (categories: string[], series: { name: string; data: number[] }[]): ChartOption => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, bottom: 8, top: 32, containLabel: true },
      xAxis: { type: 'category', data: categories, axisLabel: { interval: 0, rotate: categories.length > 5 ? 30 : 0 } },
      yAxis: { type: 'value' },
      series: series.map((s) => ({ type: 'bar', name: s.name, data: s.data })),
    });
    const pie = (data: { name: string; value: number; color?: string }[]): ChartOption => ({
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          label: { show: true, position: 'inside', formatter: '{c}' },
          data: data.map((d) => ({
            name: d.name,
            value: d.value,
            itemStyle: d.color ? { color: d.color } : undefined,
          })),
        },
      ],
    });
    return {
      money: bar(
        charts.money.map((m) => m.code),
        [
          { name: t('summary.contract'), data: charts.money.map((m) => num(m.contract)) },
          { name: t('summary.invoiced'), data: charts.money.map((m) => num(m.invoiced)) },
          { name: t('summary.received'), data: charts.money.map((m) => num(m.received)) },
          { name: t('summary.paid'), data: charts.money.map((m) => num(m.paid)) },
        ],
      ),
      budget: bar(
        charts.budgetByCategory.map((b) => t(`summary.category.${b.category}`, { defaultValue: b.category })),
        [
          { name: t('summary.planned'), data: charts.budgetByCategory.map((b) => num(b.planned)) },
          { name: t('summary.committed'), data: charts.budgetByCategory.map((b) => num(b.committed)) },
          { name: t('summary.actual'), data: charts.budgetByCategory.map((b) => num(b.actual)) },
        ],
      ),
      ageing: bar(
        charts.ageing.map((a) => t(`summary.ageing.${a.bucket}`)),
        [{ name: t('summary.receivable'), data: charts.ageing.map((a) => num(a.amount)) }],
      ),
      milestones: pie([
        { name: t('summary.milestonesReached'), value: charts.milestones.reached, color: '#52c41a' },
        { name: t('summary.milestonesOpen'), value: charts.milestones.open, color: '#1677ff' },
        { name: t('summary.milestonesOverdue'), value: charts.milestones.overdue, color: '#f5222d' },
      ]),
      health: pie(
        charts.health.map((h) => ({
          name: t(`summary.health.${h.health}`, { defaultValue: h.health }),
          value: h.count,
          color: HEALTH_COLOURS[h.health],
        })),
      ),
    };
  }, [charts, t]);

  const card = (key: keyof typeof options, title: string, span = 12) => (
    <Col xs={24} lg={span} key={key}>
      <Card size="small" title={title}>
        <EChart option={options[key]} label={title} />
      </Card>
    </Col>
  );
  return (
    <Row gutter={[12, 12]}>
      {card('money', single ? t('summary.chartMoneyProject') : t('summary.chartMoney'))}
      {card('budget', t('summary.chartBudget'))}
      {card('ageing', t('summary.chartAgeing'), single ? 12 : 8)}
      {card('milestones', t('summary.chartMilestones'), single ? 12 : 8)}
      {!single && card('health', t('summary.chartHealth'), 8)}
    </Row>
  );
}
