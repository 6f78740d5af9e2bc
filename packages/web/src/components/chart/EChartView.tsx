import { type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import type { BiChartOption } from './chart-option.ts';
import { biChartParts } from './echarts-parts.ts';

use([...biChartParts, CanvasRenderer]);

/** What a chart's holder may ask of the drawing: the picture as a PNG data URL. */
export type EChartHandle = { toPng(): string | null };

type Props = {
  option: BiChartOption;
  height: number;
  label: string;
  /** A click on a point: its `id` (what `buildChart` gave it). */
  onPoint?(id: string): void;
  ref?: Ref<EChartHandle>;
};

/**
 * Whether the reader asked the system for less motion (WCAG 2.3.3), as antd's motion is off then: a chart is
 * drawn at once, not grown or moved from its last drawing (a filtered line morphing for a second).
 */
const stillness = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const pointId = (params: { data?: unknown }) => {
  const data = params.data;
  return data && typeof data === 'object' && 'id' in data && typeof data.id === 'string' ? data.id : null;
};

/** One ECharts instance in a div: drawn with `option`, resized with its box, disposed on unmount. */
export default function EChartView({ option, height, label, onPoint, ref }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const pointRef = useRef(onPoint);
  pointRef.current = onPoint;

  useEffect(() => {
    if (!box.current) return;
    const instance = init(box.current);
    chart.current = instance;
    instance.on('click', (params) => {
      const id = pointId(params);
      if (id !== null) pointRef.current?.(id);
    });
    // A dashboard tile changes size without the window doing so (a resized tile, full screen).
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(stillness() ? { ...option, animation: false } : option, true);
  }, [option]);

  useImperativeHandle(
    ref,
    () => ({
      toPng: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }) ?? null,
    }),
    [],
  );

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      style={{ width: '100%', height, cursor: onPoint ? 'pointer' : undefined }}
    />
  );
}
