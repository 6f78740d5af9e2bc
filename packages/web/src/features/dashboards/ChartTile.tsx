import { MoreOutlined } from '@ant-design/icons';
import type { ChartDefinition, ChartResult, DashboardItem, RunItem } from '@trestle/shared';
import { Alert, Breadcrumb, Button, Card, Dropdown, Flex, Spin, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BiChart, type BiChartHandle, type BiPick } from '../../components/chart/BiChart.tsx';
import { exportChart, savePng } from '../../components/chart/bi-run.ts';
import { isEChartsType } from '../../components/chart/chart-option.ts';
import { chartHeight } from '../../components/chart/dashboard-grid.ts';
import type { ChartLanguage, Scalar } from '../../components/chart/format.ts';
import type { DrillStep } from './dashboard-state.ts';

type Props = {
  item: DashboardItem;
  chart: { id: number; name: string; definition: ChartDefinition } | undefined;
  result: ChartResult | undefined;
  language: ChartLanguage;
  /** What the batch ran for this tile: its Excel export asks for the same. */
  runItem: RunItem | undefined;
  dashboardId: number;
  drills: DrillStep[];
  selected: readonly Scalar[];
  onPick(pick: BiPick): void;
  onDrillTo(depth: number): void;
};

/** A chart on a dashboard: its name, its drill path back up, a menu to export it, and the chart itself. */
export function ChartTile({
  item,
  chart,
  result,
  language,
  runItem,
  dashboardId,
  drills,
  selected,
  onPick,
  onDrillTo,
}: Props) {
  const { t } = useTranslation();
  const drawing = useRef<BiChartHandle>(null);
  const height = chartHeight(item.h) - (drills.length > 0 ? 22 : 0);
  if (!chart)
    return (
      <Card size="small" style={{ height: '100%' }}>
        <Alert type="warning" showIcon title={t('dashboards.missingChart')} />
      </Card>
    );
  const drawn = isEChartsType(chart.definition.type);
  const menu = {
    items: [
      { key: 'png', label: t('dashboards.exportPng'), disabled: !drawn || !result?.ok },
      { key: 'excel', label: t('dashboards.exportExcel'), disabled: !runItem },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'png') {
        const url = drawing.current?.toPng();
        if (url) savePng(url, chart.name);
      } else if (runItem) void exportChart(runItem, dashboardId);
    },
  };
  return (
    <Card
      size="small"
      title={chart.name}
      style={{ height: '100%', overflow: 'hidden' }}
      styles={{ body: { padding: 8 } }}
      extra={
        <Dropdown menu={menu} trigger={['click']}>
          <Button
            type="text"
            size="small"
            icon={<MoreOutlined />}
            aria-label={t('dashboards.chartMenu', { name: chart.name })}
          />
        </Dropdown>
      }
    >
      {drills.length > 0 && (
        <Breadcrumb
          style={{ fontSize: 12 }}
          items={[
            {
              key: 'top',
              title: <Typography.Link onClick={() => onDrillTo(0)}>{t('dashboards.drillTop')}</Typography.Link>,
            },
            ...drills.map((step, depth) => ({
              key: `${step.from}:${step.grain}`,
              title:
                depth === drills.length - 1 ? (
                  step.label
                ) : (
                  <Typography.Link onClick={() => onDrillTo(depth + 1)}>{step.label}</Typography.Link>
                ),
            })),
          ]}
        />
      )}
      {result ? (
        <BiChart
          ref={drawing}
          definition={chart.definition}
          result={result}
          language={language}
          height={height}
          title={chart.name}
          onPick={onPick}
          selected={selected}
        />
      ) : (
        <Flex align="center" justify="center" style={{ height }}>
          <Spin />
        </Flex>
      )}
    </Card>
  );
}
