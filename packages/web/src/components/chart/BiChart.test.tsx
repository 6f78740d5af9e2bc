import { fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BiChart, type BiChartHandle } from './BiChart.tsx';
import { byCustomer, chartDefinition, column, failed, okResult } from './test-results.ts';

// ECharts needs a canvas jsdom does not have: a stand-in shows the points as buttons.
vi.mock('./EChartView.tsx', () => import('./FakeEChartView.tsx'));

describe('a BI chart', () => {
  it('draws an ECharts type, and a click on a point picks its category', async () => {
    const onPick = vi.fn();
    render(
      <BiChart
        definition={chartDefinition()}
        result={byCustomer()}
        language="en"
        title="By customer"
        onPick={onPick}
      />,
    );
    const drawing = await screen.findByRole('img', { name: 'By customer' });
    fireEvent.click(within(drawing).getByRole('button', { name: 'point 1' }));
    expect(onPick).toHaveBeenCalledWith({ field: 'customer', value: 'Globex', bucket: null, label: 'Globex' });
  });

  it('hands out its picture as a PNG', async () => {
    const ref = createRef<BiChartHandle>();
    render(<BiChart ref={ref} definition={chartDefinition()} result={byCustomer()} language="en" title="c" />);
    await screen.findByRole('img', { name: 'c' });
    expect(ref.current?.toPng()).toBe('data:image/png;base64,AAA');
  });

  it('shows the KPI with its rise against the previous period', () => {
    const result = okResult(
      [column({ name: 'amount', role: 'measure', label: { en: 'Signed', zh: '签约' } })],
      [[1250]],
      {
        previous: [1000],
      },
    );
    render(
      <BiChart
        definition={chartDefinition({ type: 'kpi', dimensions: [], style: { numberFormat: 'thousands' } })}
        result={result}
        language="en"
      />,
    );
    expect(screen.getByText('Signed')).toBeTruthy();
    expect(screen.getByText('1,250')).toBeTruthy();
    expect(screen.getByLabelText('Up 25%').textContent).toBe('▲ 25%');
    expect(screen.getByText('Previous: 1,000')).toBeTruthy();
  });

  it('shows a fall in red words of the reader’s language', () => {
    const result = okResult([column({ name: 'amount', role: 'measure' })], [[50]], { previous: [200] });
    render(<BiChart definition={chartDefinition({ type: 'kpi', dimensions: [] })} result={result} language="zh" />);
    expect(screen.getByLabelText('下降 75%').textContent).toBe('▼ 75%');
  });

  it('shows a table whose row click picks the row’s first dimension', () => {
    const onPick = vi.fn();
    render(
      <BiChart
        definition={chartDefinition({ type: 'table', style: { numberFormat: 'thousands', decimals: 1 } })}
        result={byCustomer()}
        language="en"
        onPick={onPick}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toBeTruthy();
    expect(screen.getByText('1,200.0')).toBeTruthy();
    fireEvent.click(screen.getByText('Initech'));
    expect(onPick).toHaveBeenCalledWith({ field: 'customer', value: 'Initech', bucket: null, label: 'Initech' });
  });

  it('shows a pivot table with its totals', () => {
    const result = okResult(
      [
        column({ name: 'region', role: 'dimension' }),
        column({ name: 'year', role: 'dimension' }),
        column({ name: 'amount', role: 'measure' }),
      ],
      [
        ['North', '2025', 10],
        ['North', '2026', 20],
        ['South', '2026', 5],
      ],
    );
    render(<BiChart definition={chartDefinition({ type: 'pivot' })} result={result} language="en" />);
    for (const title of ['region', '2025', '2026', 'Total'])
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    const north = screen.getByText('North').closest('tr');
    expect(north && within(north).getByText('30')).toBeTruthy();
    expect(screen.getByText('35')).toBeTruthy();
  });

  it('says there is no data when the result has no rows', () => {
    render(<BiChart definition={chartDefinition()} result={okResult(byCustomer().columns, [])} language="zh" />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('shows why a run failed', () => {
    render(<BiChart definition={chartDefinition()} result={failed('The dataset is gone')} language="en" />);
    expect(screen.getByText('The dataset is gone')).toBeTruthy();
    expect(screen.getByText('This chart could not be drawn')).toBeTruthy();
  });

  it('says when the groups were cut at the limit', () => {
    render(
      <BiChart
        definition={chartDefinition({ type: 'table' })}
        result={{ ...byCustomer(), truncated: true }}
        language="en"
      />,
    );
    expect(screen.getByText(/Only the first groups are shown/)).toBeTruthy();
  });
});
