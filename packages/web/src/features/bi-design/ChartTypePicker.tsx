import {
  AppstoreOutlined,
  AreaChartOutlined,
  BarChartOutlined,
  BlockOutlined,
  BorderlessTableOutlined,
  DashboardOutlined,
  DotChartOutlined,
  FieldNumberOutlined,
  FunnelPlotOutlined,
  HeatMapOutlined,
  LineChartOutlined,
  PieChartFilled,
  PieChartOutlined,
  RadarChartOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { type ChartType, chartTypes } from '@trestle/shared';
import { Radio } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const chartTypeIcons: Record<ChartType, ReactNode> = {
  bar: <BarChartOutlined />,
  stackedBar: <BlockOutlined />,
  line: <LineChartOutlined />,
  area: <AreaChartOutlined />,
  pie: <PieChartFilled />,
  donut: <PieChartOutlined />,
  scatter: <DotChartOutlined />,
  funnel: <FunnelPlotOutlined />,
  gauge: <DashboardOutlined />,
  radar: <RadarChartOutlined />,
  heatmap: <HeatMapOutlined />,
  treemap: <AppstoreOutlined />,
  kpi: <FieldNumberOutlined />,
  table: <TableOutlined />,
  pivot: <BorderlessTableOutlined />,
};

/** The fifteen chart types, each an icon with its name, one chosen. */
export function ChartTypePicker({ value, onChange }: { value: ChartType; onChange(type: ChartType): void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      aria-label={t('biDesign.chart.type')}
      optionType="button"
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}
      options={chartTypes.map((type) => ({
        value: type,
        label: (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            {chartTypeIcons[type]}
            {t(`biDesign.chartType.${type}`)}
          </span>
        ),
      }))}
    />
  );
}
