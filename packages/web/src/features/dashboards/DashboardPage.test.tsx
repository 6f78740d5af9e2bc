import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RunRequest } from '@trestle/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { salesResults, salesView } from '../../components/chart/test-dashboard.ts';
import { http } from '../../lib/http/client.ts';
import { renderInApp } from '../../test/render.tsx';
import { DashboardPage } from './DashboardPage.tsx';

// ECharts needs a canvas jsdom does not have: a stand-in shows each point as a button `point <index>`.
vi.mock('../../components/chart/EChartView.tsx', () => import('../../components/chart/FakeEChartView.tsx'));

/** The dashboard opened at /dashboards/7, with the server's fake answering its view and every batch. */
function openDashboard(view = salesView()) {
  vi.spyOn(http, 'get').mockImplementation(async (url: string, params?: Record<string, unknown>) => {
    if (url === '/api/dashboards/view' && params?.id === 7) return view;
    throw new Error(`unexpected GET ${url}`);
  });
  const run = vi.spyOn(http, 'post').mockImplementation(async (url: string) => {
    if (url === '/api/bi/run') return salesResults();
    throw new Error(`unexpected POST ${url}`);
  });
  const router = createMemoryRouter([{ path: '/dashboards/:id', element: <DashboardPage /> }], {
    initialEntries: ['/dashboards/7'],
  });
  renderInApp(<RouterProvider router={router} />);
  const batches = () => run.mock.calls.map((call) => call[1] as RunRequest);
  return { run, batches };
}

const itemOf = (batch: RunRequest | undefined, key: string) => batch?.items.find((i) => i.key === key);

describe('a dashboard', () => {
  it('runs all its charts in one batch request, as the dashboard’s viewer', async () => {
    const { run, batches } = openDashboard();
    expect(await screen.findByRole('img', { name: 'By customer' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'By year' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'By stage' })).toBeTruthy();
    expect(screen.getByText('Figures in yuan')).toBeTruthy();
    expect(run).toHaveBeenCalledTimes(1);
    expect(batches()[0]).toEqual({
      dashboardId: 7,
      items: [
        { key: 'byCustomer', chartId: 1, filters: [], parameters: {} },
        { key: 'byYear', chartId: 2, filters: [], parameters: {} },
        { key: 'byStage', chartId: 3, filters: [], parameters: {} },
      ],
    });
  });

  it('cross-filters the other charts with the value clicked, shown as a tag that takes it off', async () => {
    const { run, batches } = openDashboard();
    const bars = await screen.findByRole('img', { name: 'By customer' });
    fireEvent.click(within(bars).getByRole('button', { name: 'point 1' }));
    expect(await screen.findByText('Customer: Globex')).toBeTruthy();
    await waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    const second = batches()[1];
    expect(itemOf(second, 'byYear')?.filters).toEqual([{ field: 'customer', values: ['Globex'] }]);
    // The chart clicked keeps all its bars; a chart whose dataset has no customer field is not filtered.
    expect(itemOf(second, 'byCustomer')?.filters).toEqual([]);
    expect(itemOf(second, 'byStage')?.filters).toEqual([]);

    fireEvent.click(screen.getByLabelText('Remove the filter Customer: Globex'));
    await waitFor(() => expect(screen.queryByText('Customer: Globex')).toBeNull());
    // Asked again without it (the first batch's results are stale by then).
    await waitFor(() => expect(run).toHaveBeenCalledTimes(3));
    expect(itemOf(batches()[2], 'byYear')?.filters).toEqual([]);
  });

  it('filters the charts a pick-list filter targets with the values chosen among those the charts returned', async () => {
    const { run, batches } = openDashboard();
    await screen.findByRole('img', { name: 'By customer' });
    fireEvent.mouseDown(screen.getByLabelText('Customer'));
    const option = await waitFor(() => {
      const titles = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
      expect(titles).toEqual(['Acme', 'Globex', 'Initech']);
      return document.querySelector('.ant-select-item-option[title="Initech"]') as HTMLElement;
    });
    fireEvent.click(option);
    await waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    expect(itemOf(batches()[1], 'byCustomer')?.filters).toEqual([{ field: 'customer', values: ['Initech'] }]);
    // Only the chart the filter targets.
    expect(itemOf(batches()[1], 'byYear')?.filters).toEqual([]);
  });

  it('leaves the other charts alone when cross-filtering is off', async () => {
    const { run } = openDashboard(salesView({ crossFilter: false }));
    const bars = await screen.findByRole('img', { name: 'By customer' });
    fireEvent.click(within(bars).getByRole('button', { name: 'point 1' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Customer: Globex')).toBeNull();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('drills a yearly chart into the quarters of the year clicked, and back up', async () => {
    const { run, batches } = openDashboard();
    const line = await screen.findByRole('img', { name: 'By year' });
    fireEvent.click(within(line).getByRole('button', { name: 'point 1' }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    expect(itemOf(batches()[1], 'byYear')).toMatchObject({
      grain: 'quarter',
      filters: [{ field: 'signedOn', from: '2026-01-01', to: '2026-12-31' }],
    });
    expect(await screen.findByText('2026')).toBeTruthy();
    fireEvent.click(screen.getByText('All'));
    await waitFor(() => expect(screen.queryByText('All')).toBeNull());
    await waitFor(() => expect(run).toHaveBeenCalledTimes(3));
    expect(itemOf(batches()[2], 'byYear')).toEqual({ key: 'byYear', chartId: 2, filters: [], parameters: {} });
  });

  it('exports a chart’s data to Excel with the filters it was run with', async () => {
    const download = vi.spyOn(http, 'download').mockResolvedValue();
    openDashboard();
    await screen.findByRole('img', { name: 'By customer' });
    fireEvent.click(screen.getByRole('button', { name: 'More actions for By customer' }));
    fireEvent.click(await screen.findByText('Export data to Excel'));
    expect(download).toHaveBeenCalledWith('/api/bi/export', {
      item: { key: 'byCustomer', chartId: 1, filters: [], parameters: {} },
      dashboardId: 7,
    });
  });

  it('says so when the dashboard is not shared with the caller', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new Error('not found'));
    const router = createMemoryRouter([{ path: '/dashboards/:id', element: <DashboardPage /> }], {
      initialEntries: ['/dashboards/8'],
    });
    renderInApp(<RouterProvider router={router} />);
    expect(await screen.findByText(/not shared with you/)).toBeTruthy();
  });
});
