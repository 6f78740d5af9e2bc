import type { PageFilter } from '@trestle/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { blockListMeta, blockSearchMeta, blockToolbar } from './block-meta.ts';
import { monthWheres } from './calendar-month.ts';
import { projectMeta } from './page-blocks.fixtures.ts';
import { conditionWheres, filterRunFilters, filterWheres, linkState } from './page-wheres.ts';

const label = { en: 'x', zh: 'x' };
const filters: PageFilter[] = [
  {
    id: 'when',
    kind: 'dateRange',
    label,
    dictionary: null,
    options: [],
    targets: [
      { block: 'grid', field: 'startDate' },
      { block: 'chart', field: 'signedOn' },
    ],
  },
  {
    id: 'stage',
    kind: 'select',
    label,
    dictionary: 'stage',
    options: [],
    targets: [{ block: 'grid', field: 'stage' }],
  },
];

describe('what a block reads with', () => {
  it('turns the page filters aimed at a block into its wheres, and nothing for an empty value', () => {
    const values = {
      when: { kind: 'dateRange' as const, from: '2026-01-01', to: null },
      stage: { kind: 'select' as const, values: ['PLAN', 'BUILD'] },
    };
    expect(filterWheres(filters, values, 'grid')).toEqual([
      { name: 'startDate', value: '2026-01-01', displayType: 'ge' },
      { name: 'stage', value: ['PLAN', 'BUILD'], displayType: 'in' },
    ]);
    expect(filterWheres(filters, { stage: { kind: 'select', values: [] } }, 'grid')).toEqual([]);
    expect(filterWheres(filters, values, 'other')).toEqual([]);
    expect(filterRunFilters(filters, values, 'chart')).toEqual([{ field: 'signedOn', from: '2026-01-01', to: null }]);
  });

  it('keeps a block’s conditions as they are, in the engine’s terms', () => {
    expect(conditionWheres([{ field: 'stage', op: 'in', value: 'PLAN,BUILD' }])).toEqual([
      { name: 'stage', value: 'PLAN,BUILD', displayType: 'in' },
    ]);
  });

  it('waits for a row in the linked block, then keeps the rows belonging to it', () => {
    const link = { block: 'projects', field: 'projectId' };
    expect(linkState(null, {}, 'id')).toEqual({ kind: 'none' });
    expect(linkState(link, {}, 'id')).toEqual({ kind: 'waiting', source: 'projects' });
    const selection = { projects: { entity: 'Project', key: 4, row: { id: 4 } } };
    expect(linkState(link, selection, 'id')).toEqual({
      kind: 'linked',
      where: { name: 'projectId', value: 4, displayType: 'eq' },
    });
    // A details block of the same entity: the selected row itself, by its key.
    expect(linkState({ block: 'projects' }, selection, 'id')).toMatchObject({ where: { name: 'id', value: 4 } });
  });

  it('asks a month calendar for its first to its last day', () => {
    expect(monthWheres(dayjs('2026-02-10'), { name: 'on', type: 'date' })).toEqual([
      { name: 'on', value: '2026-02-01', displayType: 'ge' },
      { name: 'on', value: '2026-02-28', displayType: 'le' },
    ]);
  });
});

describe('an entity as a block shows it', () => {
  it('lists the block’s columns in their order and hides the rest', () => {
    const meta = blockListMeta(projectMeta, ['amount', 'name']);
    expect(meta.fields.filter((f) => !f.list?.hidden).map((f) => f.name)).toEqual(['amount', 'name']);
  });

  it('searches by the block’s fields only', () => {
    const meta = blockSearchMeta(projectMeta, ['stage', 'startDate']);
    expect(meta.fields.filter((f) => f.search).map((f) => [f.name, f.search?.row, f.search?.col])).toEqual([
      ['stage', 1, 1],
      ['startDate', 1, 2],
    ]);
  });

  it('offers search and the block’s actions only', () => {
    const item = (key: string) => ({ key, label: key, onClick: () => {} });
    const all = ['search', 'add', 'update', 'delete', 'import', 'export', 'submit', 'audit'].map(item);
    expect(blockToolbar(all, ['edit', 'audit']).map((i) => i.key)).toEqual(['search', 'update', 'submit', 'audit']);
  });
});
