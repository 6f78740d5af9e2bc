import type { ChartDefinition, ChartResult } from '@trestle/shared';
import { Alert, Empty, Flex, Spin, Typography } from 'antd';
import { lazy, type Ref, Suspense, useImperativeHandle, useMemo, useRef } from 'react';
import { KpiView, PivotTable, ResultTable } from './BiTables.tsx';
import type { BiPick, OkResult } from './chart-model.ts';
import { buildChart } from './chart-option.ts';
import type { EChartHandle } from './EChartView.tsx';
import { type ChartLanguage, type Scalar, word } from './format.ts';

// ECharts comes with the first chart drawn, in a chunk of its own (it is most of a dashboard's weight).
const EChartView = lazy(() => import('./EChartView.tsx'));

export type { BiPick } from './chart-model.ts';

/** What a chart's holder may ask of it: the picture as a PNG data URL (null for a KPI or a table). */
export type BiChartHandle = { toPng(): string | null };

export type BiChartProps = {
  definition: ChartDefinition;
  result: ChartResult;
  language: ChartLanguage;
  height?: number;
  /** A click on a bar, a slice, a point or a table row: the first dimension's value there. */
  onPick?(pick: BiPick): void;
  /** The values chosen on this chart (its cross-filter): the others are drawn faded. */
  selected?: readonly Scalar[];
  /** A label for the drawing (its name), for screen readers. */
  title?: string;
  ref?: Ref<BiChartHandle>;
};

/**
 * Any chart type of the BI designer, drawn from its definition and a run's result: ECharts for the charts,
 * antd for the KPI, the table and the pivot. A failed run says why; a result with no rows says so.
 */
export function BiChart({ definition, result, language, height = 300, onPick, selected, title, ref }: BiChartProps) {
  const drawing = useRef<EChartHandle>(null);
  useImperativeHandle(ref, () => ({ toPng: () => drawing.current?.toPng() ?? null }), []);

  if (!result.ok)
    return <Alert type="error" showIcon title={word(language, 'biChart.failed')} description={result.message} />;
  if (result.rows.length === 0)
    return (
      <Flex align="center" justify="center" style={{ height }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={word(language, 'biChart.empty')} />
      </Flex>
    );
  const props = { definition, result, language, height, onPick, selected };
  return (
    <div>
      {definition.type === 'kpi' ? (
        <KpiView {...props} />
      ) : definition.type === 'table' ? (
        <ResultTable {...props} />
      ) : definition.type === 'pivot' ? (
        <PivotTable {...props} />
      ) : (
        <Drawing {...props} title={title ?? ''} drawing={drawing} />
      )}
      {result.truncated && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {word(language, 'biChart.truncated')}
        </Typography.Text>
      )}
    </div>
  );
}

type DrawingProps = {
  definition: ChartDefinition;
  result: OkResult;
  language: ChartLanguage;
  height: number;
  onPick?(pick: BiPick): void;
  selected?: readonly Scalar[];
  title: string;
  drawing: Ref<EChartHandle>;
};

function Drawing({ definition, result, language, height, onPick, selected, title, drawing }: DrawingProps) {
  // By value: a holder passing a new array of the same choices must not redraw (and re-animate) the chart.
  const chosen = JSON.stringify(selected ?? []);
  const { option, picks } = useMemo(
    () => buildChart(definition, result, language, JSON.parse(chosen) as Scalar[]),
    [definition, result, language, chosen],
  );
  if (!option) return null;
  const onPoint = onPick
    ? (id: string) => {
        const pick = picks[Number(id)];
        if (pick) onPick(pick);
      }
    : undefined;
  return (
    <Suspense
      fallback={
        <Flex align="center" justify="center" style={{ height }}>
          <Spin description={word(language, 'biChart.loading')} />
        </Flex>
      }
    >
      <EChartView ref={drawing} option={option} height={height} label={title} onPoint={onPoint} />
    </Suspense>
  );
}
