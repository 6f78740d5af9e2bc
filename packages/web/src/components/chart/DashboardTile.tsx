import { MoreOutlined } from '@ant-design/icons';
import type { ChartDefinition, ChartResult, DashboardItem, RunItem } from '@trestle/shared';
import { Alert, Breadcrumb, Button, Card, Dropdown, Flex, Spin, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { chartHeight } from '../grid-layout/grid.ts';
import { BiChart, type BiChartHandle, type BiPick } from './BiChart.tsx';
import { exportChart, savePng } from './bi-run.ts';
import { isEChartsType } from './chart-option.ts';
import type { DrillStep } from './dashboard-state.ts';
import type { ChartLanguage, Scalar } from './format.ts';

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
export function DashboardTile({
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
        <Alert type="warning" showIcon title={t('dashboardBoard.missingChart')} />
      </Card>
    );
  const drawn = isEChartsType(chart.definition.type);
  const menu = {
    items: [
      { key: 'png', label: t('dashboardBoard.exportPng'), disabled: !drawn || !result?.ok },
      { key: 'excel', label: t('dashboardBoard.exportExcel'), disabled: !runItem },
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
            aria-label={t('dashboardBoard.chartMenu', { name: chart.name })}
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
              title: <Typography.Link onClick={() => onDrillTo(0)}>{t('dashboardBoard.drillTop')}</Typography.Link>,
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
