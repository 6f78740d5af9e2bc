import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type BiListItem,
  type Chart,
  type Dashboard,
  type DashboardSave,
  dashboardDefinitionSchema,
  type RunRequest,
} from '@trestle/shared';
import { describe, expect, it, vi } from 'vitest';
import { byCustomer, chartDefinition } from '../../../components/chart/test-results.ts';
import { http } from '../../../lib/http/client.ts';
import { HttpError } from '../../../lib/http/transport.ts';
import { renderInApp } from '../../../test/render.tsx';
import { DashboardEditor } from './DashboardEditor.tsx';

vi.mock('../../../components/chart/EChartView.tsx', () => import('../../../components/chart/FakeEChartView.tsx'));

const listed = (id: number, name: string): BiListItem => ({
  id,
  name,
  description: '',
  kind: 'bar',
  source: 'Contracts',
  ownerName: 'Admin',
  sharedWith: [],
  usedBy: 0,
  updatedAt: '2026-03-01T00:00:00Z',
});
const chart = (id: number, name: string, type: 'bar' | 'line' = 'bar'): Chart => ({
  id,
  name,
  description: '',
  ownerId: 1,
  ownerName: 'Admin',
  version: 1,
  updatedAt: '2026-03-01T00:00:00Z',
  definition: chartDefinition({ type }),
});
const sales = (over: Partial<Dashboard> = {}): Dashboard => ({
  id: 5,
  name: 'Sales',
  description: '',
  ownerId: 1,
  ownerName: 'Admin',
  version: 2,
  updatedAt: '2026-03-01T00:00:00Z',
  shareRoles: [],
  menuCode: null,
  definition: dashboardDefinitionSchema.parse({
    items: [{ id: 'c1', kind: 'chart', chartId: 1, x: 0, y: 0, w: 12, h: 8 }],
  }),
  ...over,
});

/** The editor on dashboard 5 (or a new one), with the server's fake answering what it reads. */
function openEditor(id: number | undefined, save: (body: DashboardSave) => unknown = () => ({ id: 5, version: 3 })) {
  let stored = sales();
  vi.spyOn(http, 'get').mockImplementation(async (url: string, params?: Record<string, unknown>) => {
    if (url === '/api/bi/dashboard') return stored;
    if (url === '/api/bi/charts') return [listed(1, 'By customer'), listed(2, 'By year')];
    if (url === '/api/bi/chart') return params?.id === 2 ? chart(2, 'By year', 'line') : chart(1, 'By customer');
    if (url === '/api/bi/datasetFields')
      return [
        { name: 'customer', label: { en: 'Customer', zh: '客户' }, type: 'string', dictionary: null, origin: 'field' },
        {
          name: 'signedOn',
          label: { en: 'Signed on', zh: '签订日期' },
          type: 'date',
          dictionary: null,
          origin: 'field',
        },
      ];
    if (url === '/api/bi/roles') return [{ id: 2, name: 'Project manager' }];
    throw new Error(`unexpected GET ${url}`);
  });
  const post = vi.spyOn(http, 'post').mockImplementation(async (url: string, body?: unknown) => {
    if (url === '/api/bi/run') {
      const request = body as RunRequest;
      return { results: Object.fromEntries(request.items.map((i) => [i.key, byCustomer()])), ms: 1 };
    }
    if (url === '/api/bi/dashboard/save') return save(body as DashboardSave);
    throw new Error(`unexpected POST ${url}`);
  });
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderInApp(<DashboardEditor id={id} onClose={onClose} onSaved={onSaved} />);
  const calls = (url: string) => post.mock.calls.filter((c) => c[0] === url).map((c) => c[1]);
  return { post, calls, onClose, onSaved, theirs: (d: Dashboard) => (stored = d) };
}

async function addChart(name: string) {
  fireEvent.mouseDown(screen.getByLabelText('Add a chart'));
  const option = await waitFor(() => {
    const el = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.getAttribute('title') === name);
    if (!el) throw new Error(`no option ${name}`);
    return el;
  });
  fireEvent.click(option);
}

const handle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}: column`) });

describe('the dashboard editor', () => {
  it('adds a chart in the first free place, moves it with the keyboard and saves the layout', async () => {
    const { calls, onSaved } = openEditor(5);
    expect(await screen.findByRole('button', { name: 'By customer: column 1, row 1, 12 wide, 8 high' })).toBeTruthy();
    await addChart('By year');
    expect(await screen.findByRole('button', { name: 'By year: column 13, row 1, 12 wide, 8 high' })).toBeTruthy();

    // Down a row, then a column left onto the first chart's last column; Shift+arrow resizes: a row taller.
    fireEvent.keyDown(handle('By year'), { key: 'ArrowDown' });
    fireEvent.keyDown(handle('By year'), { key: 'ArrowLeft' });
    fireEvent.keyDown(handle('By year'), { key: 'ArrowDown', shiftKey: true });
    expect(handle('By year').getAttribute('aria-label')).toBe('By year: column 12, row 2, 12 wide, 9 high');
    // The first chart it now overlaps is pushed down below it.
    expect(handle('By customer').getAttribute('aria-label')).toBe('By customer: column 1, row 11, 12 wide, 8 high');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('/api/bi/dashboard/save')).toHaveLength(1));
    const sent = calls('/api/bi/dashboard/save')[0] as DashboardSave;
    expect(sent).toMatchObject({ id: 5, version: 2, name: 'Sales', shareRoles: [] });
    expect(sent.definition.items).toEqual([
      { id: 'c1', kind: 'chart', chartId: 1, text: '', x: 0, y: 10, w: 12, h: 8 },
      { id: 'c2', kind: 'chart', chartId: 2, text: '', x: 11, y: 1, w: 12, h: 9 },
    ]);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(5));
  });

  it('moves a tile dragged by its title, and resizes it by its corner, to the cells nearest the drop', async () => {
    openEditor(5);
    await screen.findByRole('img', { name: 'By customer' });
    // A canvas 952 px wide: with 8 px gaps, a column every 40 px; a row every 48 px.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 952, 600));
    const title = handle('By customer');
    fireEvent.pointerDown(title, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(title, { clientX: 130, clientY: 60, pointerId: 1 });
    fireEvent.pointerUp(title, { clientX: 130, clientY: 60, pointerId: 1 });
    expect(handle('By customer').getAttribute('aria-label')).toBe('By customer: column 4, row 2, 12 wide, 8 high');

    const corner = screen.getByTitle('Resize By customer');
    fireEvent.pointerDown(corner, { clientX: 500, clientY: 400, pointerId: 2 });
    fireEvent.pointerMove(corner, { clientX: 420, clientY: 500, pointerId: 2 });
    fireEvent.pointerUp(corner, { clientX: 420, clientY: 500, pointerId: 2 });
    expect(handle('By customer').getAttribute('aria-label')).toBe('By customer: column 4, row 2, 10 wide, 10 high');
  });

  it('previews every chart on the canvas in one batch run', async () => {
    const { calls } = openEditor(5);
    await screen.findByRole('img', { name: 'By customer' });
    await addChart('By year');
    await screen.findByRole('img', { name: 'By year' });
    const runs = calls('/api/bi/run') as RunRequest[];
    expect(runs.at(-1)).toEqual({
      items: [
        { key: 'c1', chartId: 1, filters: [], parameters: {} },
        { key: 'c2', chartId: 2, filters: [], parameters: {} },
      ],
    });
    // Moving a tile asks nothing again.
    const before = runs.length;
    fireEvent.keyDown(handle('By year'), { key: 'ArrowDown' });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('/api/bi/run')).toHaveLength(before);
  });

  it('keeps the edits when someone else saved first, and saves them over theirs when asked', async () => {
    let refuse = true;
    const { calls, theirs } = openEditor(5, () => {
      if (refuse) throw new HttpError('Changed by someone else', 409, 'conflict');
      return { id: 5, version: 4 };
    });
    await screen.findByRole('img', { name: 'By customer' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sales 2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else saved this dashboard/)).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Sales 2026');

    theirs(sales({ version: 3, name: 'Their sales' }));
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save mine over it' }));
    await waitFor(() => expect(calls('/api/bi/dashboard/save')).toHaveLength(2));
    expect(calls('/api/bi/dashboard/save')[1]).toMatchObject({ id: 5, version: 3, name: 'Sales 2026' });
    await waitFor(() => expect(screen.queryByText(/Someone else saved this dashboard/)).toBeNull());
  });

  it('loads their version instead, when chosen', async () => {
    const { theirs } = openEditor(5, () => {
      throw new HttpError('Changed by someone else', 409, 'conflict');
    });
    await screen.findByRole('img', { name: 'By customer' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Someone else saved this dashboard/);
    theirs(sales({ version: 3, name: 'Theirs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Theirs'));
  });

  it('asks a new dashboard for its name before saving, then adds it with a text tile', async () => {
    const { calls } = openEditor(undefined, () => ({ id: 9, version: 1 }));
    expect(await screen.findByText('New dashboard')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Add a text/ }));
    fireEvent.change(await screen.findByLabelText('Text'), { target: { value: 'Figures in yuan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the dashboard a name')).toBeTruthy();
    expect(calls('/api/bi/dashboard/save')).toHaveLength(0);

    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Notes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('/api/bi/dashboard/save')).toHaveLength(1));
    const sent = calls('/api/bi/dashboard/save')[0] as DashboardSave;
    expect(sent.id).toBeUndefined();
    expect(sent.version).toBeUndefined();
    expect(sent.definition.items).toEqual([
      { id: 't1', kind: 'text', chartId: null, text: 'Figures in yuan', x: 0, y: 0, w: 24, h: 2 },
    ]);
  });

  it('says why the server refused the definition', async () => {
    openEditor(5, () => {
      throw new HttpError('Bad definition', 400, 'invalid', { fieldErrors: { 'definition.items.0.w': 'too wide' } });
    });
    await screen.findByRole('img', { name: 'By customer' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('definition.items.0.w: too wide')).toBeTruthy();
  });

  it('targets a dashboard filter at a date field of each chart', async () => {
    const { calls } = openEditor(5);
    await screen.findByRole('img', { name: 'By customer' });
    fireEvent.click(screen.getByRole('tab', { name: 'Filters' }));
    fireEvent.click(await screen.findByRole('button', { name: /Add a filter/ }));
    fireEvent.change(screen.getByLabelText('Label (English)'), { target: { value: 'Signed' } });
    const card = screen.getByText('Signed').closest('.ant-card') as HTMLElement;
    fireEvent.mouseDown(within(card).getByLabelText('By customer: Filters, in each chart, the field'));
    const option = await waitFor(() => {
      const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
      // A date range offers the date fields only.
      expect(options).toEqual(['Signed on']);
      return document.querySelector('.ant-select-item-option[title="Signed on"]') as HTMLElement;
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('/api/bi/dashboard/save')).toHaveLength(1));
    expect((calls('/api/bi/dashboard/save')[0] as DashboardSave).definition.filters).toEqual([
      { id: 'f1', kind: 'dateRange', label: { en: 'Signed', zh: '' }, targets: [{ chartId: 1, field: 'signedOn' }] },
    ]);
  });

  it('asks before closing over unsaved changes', async () => {
    const { onClose } = openEditor(5);
    await screen.findByRole('img', { name: 'By customer' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close without saving' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });
});
