import type { DashboardItem } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { addTile, targetsOnBoard } from './tiles.ts';

const tile = (id: string, x: number, y: number, w: number, h: number): DashboardItem => ({
  id,
  kind: 'chart',
  chartId: 1,
  text: '',
  x,
  y,
  w,
  h,
});

describe('a new tile', () => {
  it('gets an id not used yet, in the first free place', () => {
    const { items, id } = addTile([tile('c1', 0, 0, 12, 8)], { kind: 'chart', chartId: 5 });
    expect(id).toBe('c2');
    expect(items[1]).toEqual({ id: 'c2', kind: 'chart', chartId: 5, text: '', x: 12, y: 0, w: 12, h: 8 });
    expect(addTile([], { kind: 'text' }).items[0]).toMatchObject({ kind: 'text', chartId: null, w: 24, h: 2 });
  });
});

describe('the filters’ targets', () => {
  it('keep only the charts still on the dashboard', () => {
    const filters = [
      {
        id: 'f1',
        kind: 'select' as const,
        label: { en: 'Customer', zh: '客户' },
        targets: [
          { chartId: 1, field: 'customer' },
          { chartId: 9, field: 'customer' },
        ],
      },
    ];
    expect(targetsOnBoard(filters, [tile('a', 0, 0, 1, 1)])[0]?.targets).toEqual([{ chartId: 1, field: 'customer' }]);
  });
});
