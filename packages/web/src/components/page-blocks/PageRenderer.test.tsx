import { screen, within } from '@testing-library/react';
import { blockTypes, formDesignSchema, type PageNode, type RunRequest } from '@trestle/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../test/render.tsx';
import { salesResults, salesView } from '../chart/test-dashboard.ts';
import { byCustomer, chartDefinition } from '../chart/test-results.ts';
import { PageRenderer } from './PageRenderer.tsx';
import { fakeServer, node, renderRouted, root, signIn } from './page-blocks.fixtures.ts';

vi.mock('../chart/EChartView.tsx', () => import('../chart/FakeEChartView.tsx'));

const label = (en: string) => ({ en, zh: `${en}（中）` });
const visitForm = formDesignSchema.parse({
  title: label('Site visit'),
  fields: [{ name: 'site', type: 'string', label: label('Site') }],
  items: [{ kind: 'field', id: 'f1', name: 'site' }],
});

/** The page's data blocks: a grid, what links to it, and a block of every other kind that reads data. */
function dataBlocks(): PageNode[] {
  const grid = node('grid', { title: label('Projects list'), entity: 'Project' });
  return [
    root(),
    grid,
    node('details', { title: label('Project details'), entity: 'Project', link: { block: grid.uid } }),
    node('form', { title: label('Visit form'), formId: 5 }),
    node('kpi', { title: label('Project count'), entity: 'Project' }),
    node('tree', { title: label('Project tree'), entity: 'Project', parentField: 'parentId', titleField: 'name' }),
  ];
}

function boardBlocks(): PageNode[] {
  return [
    root(),
    node('chart', { title: label('Sales chart'), chartId: 1 }),
    node('dashboard', { title: label('Sales board'), dashboardId: 7 }),
    node('kanban', { title: label('Stages'), entity: 'Project', groupField: 'stage', titleField: 'name' }),
    node('calendar', { title: label('Starts'), entity: 'Project', dateField: 'startDate', titleField: 'name' }),
  ];
}

/** The static and layout blocks; each container holds a rich text. */
function staticBlocks(): PageNode[] {
  const tabs = node('tabs', { tabs: [{ key: 'one', title: label('First tab') }] });
  const columns = node('columns', { columns: [{ key: 'left', span: 12 }] });
  const section = node('section', { title: label('More') });
  return [
    root(),
    node('richText', { html: '<p>Welcome aboard</p>' }),
    node('image', { src: 'https://example.com/logo.png', alt: label('Logo') }),
    node('links', {
      title: label('Links'),
      items: [
        { title: label('Projects'), url: '/Project' },
        { title: label('Handbook'), url: 'https://example.com/handbook' },
      ],
    }),
    node('iframe', { title: label('Weather'), url: 'https://example.com/weather' }),
    tabs,
    node('richText', { html: '<p>In a tab</p>' }, { parent: tabs.uid, slot: 'one' }),
    columns,
    node('richText', { html: '<p>In a column</p>' }, { parent: columns.uid, slot: 'left' }),
    section,
    node('richText', { html: '<p>In a section</p>' }, { parent: section.uid, slot: 'body' }),
  ];
}

const blockOf = (title: string) => screen.getByText(title).closest('[data-testid^="block-"]') as HTMLElement;

function serveEverything() {
  return fakeServer((url, body) => {
    if (url === '/api/form/open') return { id: 5, version: 2, design: visitForm };
    if (url === '/api/dashboards/view') return salesView();
    if (url === '/api/bi/run') {
      const request = body as RunRequest;
      return request.dashboardId ? salesResults() : { results: { [request.items[0]?.key ?? '']: byCustomer() }, ms: 1 };
    }
    return undefined;
  });
}

describe('PageRenderer', () => {
  beforeEach(() => clearSession());
  afterEach(() => vi.restoreAllMocks());

  it('covers every kind of block in the three pages below', () => {
    const drawn = new Set([...dataBlocks(), ...boardBlocks(), ...staticBlocks()].map((n) => n.type));
    expect([...drawn].sort()).toEqual([...blockTypes].sort());
  });

  it('draws the data blocks from the page’s nodes', async () => {
    signIn({ Project: ['Search', 'Add', 'Update'] });
    serveEverything();
    renderRouted(<PageRenderer nodes={dataBlocks()} pageId={1} mode="live" />);
    expect(await screen.findByText('Projects list')).toBeTruthy();
    expect(await within(blockOf('Projects list')).findByText('Bridge')).toBeTruthy();
    // Nothing selected yet: the linked details block waits for a row.
    expect(within(blockOf('Project details')).getByText(/Select a row in Projects list/)).toBeTruthy();
    expect(await within(blockOf('Visit form')).findByLabelText('Site')).toBeTruthy();
    expect(await within(blockOf('Project count')).findByText('2')).toBeTruthy();
    expect(await within(blockOf('Project tree')).findByText('Tunnel')).toBeTruthy();
  });

  it('draws the chart, dashboard, kanban and calendar blocks', async () => {
    signIn({ Project: ['Search'] });
    serveEverything();
    const nodes = boardBlocks();
    const charts = [{ id: 1, name: 'By customer', definition: chartDefinition() }];
    renderRouted(<PageRenderer nodes={nodes} pageId={1} mode="live" charts={charts} />);
    expect(await within(blockOf('Sales chart')).findByRole('img', { name: 'By customer' })).toBeTruthy();
    expect(await within(blockOf('Sales board')).findByRole('img', { name: 'By year' })).toBeTruthy();
    expect(await within(blockOf('Stages')).findByRole('region', { name: 'Planning' })).toBeTruthy();
    expect(within(blockOf('Starts')).getByTestId(`block-${nodes[4]?.uid}-calendar`)).toBeTruthy();
  });

  it('draws the static and layout blocks, each link and frame kept to itself', async () => {
    signIn({});
    fakeServer();
    renderRouted(<PageRenderer nodes={staticBlocks()} pageId={1} mode="live" />);
    expect(await screen.findByText('Welcome aboard')).toBeTruthy();
    // Another site's picture is not drawn (the server refuses it on save; img-src is 'self').
    expect(screen.queryByRole('img', { name: 'Logo' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Projects' }).getAttribute('href')).toBe('/Project');
    const handbook = screen.getByRole('link', { name: /Handbook/ });
    expect([handbook.getAttribute('target'), handbook.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    const frame = screen.getByTitle('Weather');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.getByRole('tab', { name: 'First tab' })).toBeTruthy();
    expect(await screen.findByText('In a tab')).toBeTruthy();
    expect(await screen.findByText('In a column')).toBeTruthy();
    expect(screen.getByText('More')).toBeTruthy();
    expect(await screen.findByText('In a section')).toBeTruthy();
  });

  it('shows "no access" in place of a block whose entity is not the viewer’s', async () => {
    signIn({ Project: ['Search'] });
    fakeServer();
    renderRouted(<PageRenderer nodes={[root(), node('grid', { entity: 'Contract' })]} pageId={1} mode="live" />);
    expect(await screen.findByText('You have no access to Contract.')).toBeTruthy();
  });

  it('titles a block in the reader’s language', async () => {
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('zh-CN');
    try {
      signIn({ Project: ['Search'] });
      fakeServer();
      renderRouted(
        <PageRenderer
          nodes={[root(), node('kpi', { title: label('Count'), entity: 'Project' })]}
          pageId={1}
          mode="live"
        />,
      );
      expect(await screen.findByText('Count（中）')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
