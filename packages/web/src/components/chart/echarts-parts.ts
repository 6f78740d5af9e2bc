import {
  BarChart,
  FunnelChart,
  GaugeChart,
  HeatmapChart,
  LineChart,
  PieChart,
  RadarChart,
  ScatterChart,
  TreemapChart,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  RadarComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';

/**
 * What the BI charts draw and nothing more, so the lazily loaded chunk stays small (ECharts' modular import).
 * The drawing adds its renderer; the tests draw the same parts to SVG.
 */
export const biChartParts = [
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  FunnelChart,
  GaugeChart,
  RadarChart,
  HeatmapChart,
  TreemapChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  RadarComponent,
];
