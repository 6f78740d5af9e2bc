import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RunRequest } from '@trestle/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../test/render.tsx';
import { byCustomer, chartDefinition } from '../chart/test-results.ts';
import { PageRenderer } from './PageRenderer.tsx';
import { fakeServer, node, renderRouted, root, signIn } from './page-blocks.fixtures.ts';

vi.mock('../chart/EChartView.tsx', () => import('../chart/FakeEChartView.tsx'));

const label = (en: string) => ({ en, zh: en });
const chartDef = { id: 3, name: 'By customer', definition: chartDefinition(), ownerId: 1, ownerName: 'a', version: 1 };

/** The server's fake answering every run with the chart's result under the key asked, and the chart's read. */
function serveCharts() {
  return fakeServer((url, body) => {
    if (url === '/api/bi/chart') return { ...chartDef, description: '', updatedAt: '' };
    if (url !== '/api/bi/run') return undefined;
    const request = body as RunRequest;
    return { results: Object.fromEntries(request.items.map((i) => [i.key, byCustomer()])), ms: 1 };
  });
}
const runs = (server: ReturnType<typeof fakeServer>) => server.bodies('/api/bi/run') as unknown as RunRequest[];

describe('a chart block', () => {
  beforeEach(() => clearSession());
  afterEach(() => vi.restoreAllMocks());

  it('runs its chart with the page’s id for a viewer, drawn from the page view’s definition', async () => {
    signIn({});
    const server = serveCharts();
    const chart = node('chart', { title: label('Sales'), chartId: 3 });
    renderRouted(
      <PageRenderer
        nodes={[root(), chart]}
        pageId={9}
        mode="live"
        charts={[{ id: 3, name: 'By customer', definition: chartDefinition() }]}
      />,
    );
    expect(await screen.findByRole('img', { name: 'By customer' })).toBeTruthy();
    expect(runs(server)).toEqual([{ pageId: 9, items: [{ key: chart.uid, chartId: 3, filters: [], parameters: {} }] }]);
    // The definition came with the page: the designer's route is not asked.
    expect(server.gets).not.toContain('/api/bi/chart');
  });

  it('runs as the designer in the preview, without the page’s id', async () => {
    signIn({});
    const server = serveCharts();
    const chart = node('chart', { chartId: 3 });
    renderRouted(<PageRenderer nodes={[root(), chart]} pageId={9} mode="preview" />);
    expect(await screen.findByRole('img', { name: 'By customer' })).toBeTruthy();
    expect(runs(server)[0]).toEqual({ items: [{ key: chart.uid, chartId: 3, filters: [], parameters: {} }] });
    expect(server.gets).toContain('/api/bi/chart');
  });

  it('runs again with a page filter aimed at it as a run filter', async () => {
    signIn({});
    const server = serveCharts();
    const chart = node('chart', { chartId: 3 });
    const filters = [
      {
        id: 'customer',
        kind: 'select',
        label: label('Customer'),
        options: ['Acme', 'Globex'],
        targets: [{ block: chart.uid, field: 'customer' }],
      },
    ];
    renderRouted(<PageRenderer nodes={[root(filters), chart]} pageId={9} mode="live" charts={[chartDef]} />);
    await screen.findByRole('img', { name: 'By customer' });
    fireEvent.mouseDown(screen.getByLabelText('Customer'));
    fireEvent.click(
      await waitFor(() => document.querySelector('.ant-select-item-option[title="Globex"]') as HTMLElement),
    );
    await waitFor(() => expect(runs(server)).toHaveLength(2));
    expect(runs(server)[1]?.items[0]?.filters).toEqual([{ field: 'customer', values: ['Globex'] }]);
  });
});
