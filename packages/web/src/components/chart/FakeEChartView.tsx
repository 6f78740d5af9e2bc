import { type Ref, useImperativeHandle } from 'react';

type Props = {
  option: { series?: { data?: { id?: string }[] }[] };
  label: string;
  onPoint?(id: string): void;
  ref?: Ref<{ toPng(): string | null }>;
};

/**
 * For tests (`vi.mock('…/EChartView.tsx', () => import('…/FakeEChartView.tsx'))`): ECharts draws on a canvas
 * jsdom does not have, so this stand-in shows each point of the first series as a button named `point <id>`
 * (a click on it is a click on the point) and answers the PNG export.
 */
export default function FakeEChartView({ option, label, onPoint, ref }: Props) {
  useImperativeHandle(ref, () => ({ toPng: () => 'data:image/png;base64,AAA' }), []);
  return (
    <div role="img" aria-label={label}>
      {option.series?.[0]?.data?.map((d) => (
        <button type="button" key={d.id} onClick={() => d.id !== undefined && onPoint?.(d.id)}>
          point {d.id}
        </button>
      ))}
    </div>
  );
}
