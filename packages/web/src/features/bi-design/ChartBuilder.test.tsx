import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChartResult, Dataset } from '@trestle/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render.tsx';
import {
  bodiesTo,
  button,
  choose,
  contractsDataset,
  entities,
  fakeServer,
  listItem,
  optionsOf,
} from './bi-design.test-kit.ts';
import { ChartBuilder } from './ChartBuilder.tsx';

const dataset: Dataset = {
  id: 3,
  name: 'Contracts',
  description: '',
  ownerId: 1,
  ownerName: 'Ada Admin',
  version: 4,
  updatedAt: '2026-11-20T08:00:00Z',
  definition: contractsDataset,
};

const preview: ChartResult = {
  ok: true,
  columns: [
    {
      name: 'd0',
      label: { en: 'Signed on', zh: '签订日期' },
      type: 'date',
      role: 'dimension',
      dictionary: null,
      field: 'signDate',
      bucket: 'month',
    },
    {
      name: 'm0',
      label: { en: 'Sum of Amount', zh: '金额合计' },
      type: 'number',
      role: 'measure',
      dictionary: null,
      field: 'amountInclTax',
      bucket: null,
    },
  ],
  rows: [
    ['2026-01-01', 1200],
    ['2026-02-01', 3400],
  ],
  previous: null,
  truncated: false,
  cached: false,
  ms: 0,
  dictionaries: {},
};

function openBuilder() {
  const server = fakeServer(
    {
      '/api/bi/datasets': [listItem({ id: 3, name: 'Contracts', kind: 'entity' })],
      '/api/bi/dataset': dataset,
      '/api/bi/entities': entities,
    },
    (url) => {
      if (url === '/api/bi/run') return { results: { preview }, ms: 4 };
      if (url === '/api/bi/chart/save') return { id: 20, version: 1 };
      return null;
    },
  );
  const onSaved = vi.fn();
  renderInApp(<ChartBuilder id={null} canSave onSaved={onSaved} onClose={() => {}} />);
  return { server, onSaved };
}

const well = (name: string) => screen.getByRole('region', { name });

// antd's first render is slow on a busy 2-core machine.
describe('the chart builder', { timeout: 60_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('adds a dimension and a measure by click, previews the definition, and saves it', async () => {
    const { server, onSaved } = openBuilder();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Signed amount by month' } });
    await choose('Dataset', 'Contracts');
    fireEvent.click(await screen.findByRole('radio', { name: /Table/ }));
    // A click puts a date in the dimensions (by month) and a number in the measures (summed).
    fireEvent.click(await button('Add Signed on to Dimensions'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Amount to Measures' }));
    expect(within(well('Dimensions')).getByText('Signed on')).toBeTruthy();
    expect(within(well('Dimensions')).getByText('by month')).toBeTruthy();
    expect(within(well('Measures')).getByText('Amount')).toBeTruthy();
    expect(within(well('Measures')).getByText('Sum of')).toBeTruthy();

    const expected = {
      datasetId: 3,
      type: 'table',
      dimensions: [{ field: 'signDate', bucket: 'month' }],
      series: null,
      measures: [{ field: 'amountInclTax', agg: 'sum' }],
      filters: [],
    };
    await waitFor(() =>
      expect(bodiesTo(server.post, '/api/bi/run')).toContainEqual({
        items: [{ key: 'preview', chart: expect.objectContaining(expected) }],
      }),
    );
    // The preview draws the server's answer.
    expect(await screen.findByText('3,400')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(20));
    const [body] = bodiesTo(server.post, '/api/bi/chart/save');
    expect(body).toMatchObject({ name: 'Signed amount by month', description: '', definition: expected });
    expect(body).not.toHaveProperty('id');
  });

  it('offers only counts for a field that is not a number', async () => {
    openBuilder();
    await choose('Dataset', 'Contracts');
    fireEvent.click(await button('Add Contract no. to…'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Measures' }));
    const options = await optionsOf('Aggregate of Contract no.', well('Measures'));
    expect(options).toEqual(['Count of', 'Distinct count of']);
  });

  it('adds a field by dragging it onto a well from the keyboard', async () => {
    openBuilder();
    await choose('Dataset', 'Contracts');
    const field = await button('Add Amount to Measures');
    // jsdom lays nothing out: the Series well is placed where the field (and the drag's overlay) is, the other
    // wells far away.
    const wells = ['Dimensions', 'Measures', 'Filters'].map(well);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const far = this.matches('.ant-card') && wells.some((w) => this.contains(w));
      return DOMRect.fromRect({ x: far ? 5000 : 0, y: far ? 5000 : 0, width: 200, height: 60 });
    });
    fireEvent.keyDown(field, { code: 'Space', key: ' ' });
    await waitFor(() => expect(screen.getByText(/Amount is over Series/)).toBeTruthy());
    fireEvent.keyDown(field, { code: 'Space', key: ' ' });
    await waitFor(() => expect(within(well('Series')).getByText('Amount')).toBeTruthy());
    expect(within(well('Measures')).queryByText('Amount')).toBeNull();
  });
});
