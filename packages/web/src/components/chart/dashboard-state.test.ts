import { describe, expect, it } from 'vitest';
import {
  afterPick,
  choicesOf,
  drillStep,
  drillTo,
  emptyState,
  periodOf,
  pickFilter,
  runItems,
  type ViewState,
} from './dashboard-state.ts';
import { byStage, salesView } from './test-dashboard.ts';
import { byCustomer } from './test-results.ts';

const customer = (value: string) => ({ field: 'customer', value, bucket: null, label: value });
const year = (value: string) => ({ field: 'signedOn', value, bucket: 'year', label: value.slice(0, 4) });
const view = salesView();
const chart = (id: number) => {
  const found = view.charts.find((c) => c.id === id);
  if (!found) throw new Error(`no chart ${id}`);
  return found.definition;
};

describe('the period of a date bucket', () => {
  it('runs from its first day to its last', () => {
    expect(periodOf('2026-01-01', 'year')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodOf('2026-10-01', 'quarter')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodOf('2024-02-01', 'month')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodOf('2026-02-23', 'week')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(periodOf('2026-02-23', 'day')).toEqual({ from: '2026-02-23', to: '2026-02-23' });
  });
});

describe('a value clicked on a chart', () => {
  it('filters by the value itself, or by the period of a date bucket', () => {
    expect(pickFilter(customer('Acme'))).toEqual({ field: 'customer', values: ['Acme'] });
    expect(pickFilter({ field: 'signedOn', value: '2026-03-01', bucket: 'month', label: '2026-03' })).toEqual({
      field: 'signedOn',
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });

  it('filters nothing when it is a date part (a month of every year)', () => {
    expect(pickFilter({ field: 'signedOn', value: 3, bucket: 'monthOfYear', label: 'Mar' })).toBeNull();
  });

  it('filters the other charts by it, and is taken off by clicking it again', () => {
    let state = afterPick(emptyState(), 'byCustomer', chart(1), customer('Acme'), true);
    expect(state.cross).toEqual([{ itemId: 'byCustomer', pick: customer('Acme') }]);
    state = afterPick(state, 'byCustomer', chart(1), customer('Globex'), true);
    expect(state.cross).toEqual([{ itemId: 'byCustomer', pick: customer('Globex') }]);
    state = afterPick(state, 'byCustomer', chart(1), customer('Globex'), true);
    expect(state.cross).toEqual([]);
  });

  it('filters nothing when the dashboard has cross-filtering off', () => {
    expect(afterPick(emptyState(), 'byCustomer', chart(1), customer('Acme'), false)).toEqual(emptyState());
  });

  it('drills a chart whose first dimension is a time grain into the next finer one', () => {
    expect(drillStep(chart(2), year('2026-01-01'))).toEqual({
      grain: 'quarter',
      from: '2026-01-01',
      to: '2026-12-31',
      label: '2026',
    });
    const state = afterPick(emptyState(), 'byYear', chart(2), year('2026-01-01'), true);
    expect(state.drills.byYear).toHaveLength(1);
    expect(state.cross).toEqual([]);
    const day = { field: 'signedOn', value: '2026-03-05', bucket: 'day', label: '2026-03-05' };
    expect(drillStep(chart(2), day)).toBeNull();
  });
});

describe('the batch a dashboard runs', () => {
  it('has one item per chart tile, none for a text', () => {
    expect(runItems(view, emptyState())).toEqual([
      { key: 'byCustomer', chartId: 1, filters: [], parameters: {} },
      { key: 'byYear', chartId: 2, filters: [], parameters: {} },
      { key: 'byStage', chartId: 3, filters: [], parameters: {} },
    ]);
  });

  it('puts each dashboard filter on the field it targets in each chart, and only there', () => {
    const state: ViewState = {
      ...emptyState(),
      filters: {
        signed: { kind: 'dateRange', from: '2026-01-01', to: null },
        customer: { kind: 'select', values: ['Acme', 'Globex'] },
      },
    };
    const items = runItems(view, state);
    expect(items.map((i) => i.filters)).toEqual([
      [
        { field: 'signedOn', from: '2026-01-01', to: null },
        { field: 'customer', values: ['Acme', 'Globex'] },
      ],
      [{ field: 'signedOn', from: '2026-01-01', to: null }],
      [],
    ]);
  });

  it('filters the other charts whose dataset has the clicked field, not the chart clicked', () => {
    const state = afterPick(emptyState(), 'byCustomer', chart(1), customer('Acme'), true);
    expect(runItems(view, state).map((i) => i.filters)).toEqual([[], [{ field: 'customer', values: ['Acme'] }], []]);
  });

  it('runs a drilled chart at the finer grain within the period clicked, and back up again', () => {
    let state = afterPick(emptyState(), 'byYear', chart(2), year('2026-01-01'), true);
    state = afterPick(
      state,
      'byYear',
      chart(2),
      { field: 'signedOn', value: '2026-04-01', bucket: 'quarter', label: '2026 Q2' },
      true,
    );
    expect(runItems(view, state)[1]).toEqual({
      key: 'byYear',
      chartId: 2,
      grain: 'month',
      filters: [{ field: 'signedOn', from: '2026-04-01', to: '2026-06-30' }],
      parameters: {},
    });
    state = drillTo(state, 'byYear', 0);
    expect(runItems(view, state)[1]).toEqual({ key: 'byYear', chartId: 2, filters: [], parameters: {} });
  });
});

describe('a select filter’s choices', () => {
  it('are the values its target fields took in the results, named as the charts show them', () => {
    const customerFilter = view.definition.filters[1];
    if (!customerFilter) throw new Error('no filter');
    expect(choicesOf(view, customerFilter, { byCustomer: byCustomer() }, 'en')).toEqual([
      { value: 'Acme', label: 'Acme' },
      { value: 'Globex', label: 'Globex' },
      { value: 'Initech', label: 'Initech' },
    ]);
    const stageFilter = { ...customerFilter, targets: [{ chartId: 3, field: 'stage' }] };
    expect(choicesOf(view, stageFilter, { byStage: byStage() }, 'en')).toEqual([
      { value: 'DELIVERY', label: 'Delivery' },
      { value: 'WARRANTY', label: 'Warranty' },
    ]);
  });
});
