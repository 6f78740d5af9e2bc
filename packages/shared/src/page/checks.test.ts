import { describe, expect, it } from 'vitest';
import { type EntityMeta, entitySchema } from '../entity/metadata.ts';
import { checkPage, MAX_PAGE_NODES } from './checks.ts';
import { rootNode } from './tree.ts';

const label = (en: string) => ({ en, zh: en });
const refTo = (table: string) => ({ table, labelColumn: 'name' });

/** Projects, their contracts (lines of payment terms) and a self-referencing task tree. */
const entities: EntityMeta[] = [
  entitySchema.parse({
    name: 'Project',
    table: 'projects',
    key: 'id',
    label: label('Projects'),
    defaultSort: { field: 'id', order: 'desc' },
    fields: [
      { name: 'id', type: 'integer', label: label('Id') },
      { name: 'name', type: 'string', label: label('Name') },
      { name: 'stage', type: 'dict', dictionary: 'stage', label: label('Stage') },
      { name: 'budget', type: 'decimal', label: label('Budget') },
      { name: 'startDate', type: 'date', label: label('Start') },
    ],
  }),
  entitySchema.parse({
    name: 'Contract',
    table: 'contracts',
    key: 'id',
    label: label('Contracts'),
    defaultSort: { field: 'id', order: 'desc' },
    details: [{ entity: 'Term', foreignKey: 'contractId' }],
    fields: [
      { name: 'id', type: 'integer', label: label('Id') },
      { name: 'name', type: 'string', label: label('Name') },
      { name: 'projectId', type: 'reference', label: label('Project'), reference: refTo('projects') },
    ],
  }),
  entitySchema.parse({
    name: 'Term',
    table: 'terms',
    key: 'id',
    label: label('Terms'),
    defaultSort: { field: 'id', order: 'desc' },
    fields: [
      { name: 'id', type: 'integer', label: label('Id') },
      { name: 'name', type: 'string', label: label('Name') },
      { name: 'dueDate', type: 'date', label: label('Due') },
    ],
  }),
  entitySchema.parse({
    name: 'Task',
    table: 'tasks',
    key: 'id',
    label: label('Tasks'),
    defaultSort: { field: 'id', order: 'desc' },
    fields: [
      { name: 'id', type: 'integer', label: label('Id') },
      { name: 'name', type: 'string', label: label('Name') },
      { name: 'parentId', type: 'reference', label: label('Parent'), reference: refTo('tasks') },
      { name: 'projectId', type: 'reference', label: label('Project'), reference: refTo('projects') },
    ],
  }),
];
const ctx = { entity: (name: string) => entities.find((e) => e.name === name) ?? null };

type Loose = { uid: string; type: string; parent: string | null; slot: string; props: unknown };
const node = (uid: string, type: string, props: unknown, over: Partial<Loose> = {}): Loose => ({
  uid,
  type,
  parent: 'root',
  slot: 'main',
  props,
  ...over,
});
const page = (...nodes: Loose[]) => [rootNode(), ...nodes];
const grid = (uid: string, entity: string, over: Record<string, unknown> = {}, place: Partial<Loose> = {}) =>
  node(uid, 'grid', { entity, ...over }, place);

describe('checkPage', () => {
  it('passes a page of linked blocks in layout containers', () => {
    const nodes = page(
      node('tabs', 'tabs', { tabs: [{ key: 'a', title: label('A') }] }),
      grid('projects', 'Project', { columns: ['name', 'stage'] }),
      grid('contracts', 'Contract', { link: { block: 'projects', field: 'projectId' } }, { parent: 'tabs', slot: 'a' }),
      node('one', 'details', { entity: 'Project', link: { block: 'projects' } }),
      node('terms', 'calendar', {
        entity: 'Term',
        dateField: 'dueDate',
        titleField: 'name',
        detailOf: 'Contract',
        link: { block: 'contracts' },
      }),
      node('lanes', 'kanban', { entity: 'Project', groupField: 'stage', titleField: 'name' }),
      node('sum', 'kpi', { entity: 'Project', measure: 'sum', field: 'budget' }),
      node('tasks', 'tree', { entity: 'Task', parentField: 'parentId', titleField: 'name' }),
      node('text', 'richText', { html: '<p>Hi</p>' }),
    );
    expect(checkPage(nodes, ctx)).toEqual({});
  });

  it('refuses a page of more blocks than it may hold, before checking any of them', () => {
    const many = Array.from({ length: MAX_PAGE_NODES }, (_, i) => node(`t${i}`, 'richText', { html: '' }));
    expect(checkPage(page(...many.slice(1)), ctx)).toEqual({});
    expect(checkPage(page(...many), ctx)).toEqual({ nodes: `a page holds at most ${MAX_PAGE_NODES} blocks` });
  });

  it('names a missing root, an unknown block type and settings that do not fit the type', () => {
    const problems = checkPage(
      [node('x', 'sparkline', {}), node('cols', 'columns', { columns: [] }, { parent: null })],
      ctx,
    );
    expect(problems.nodes).toBe('a page has one root node, "root"');
    expect(problems['nodes.x.type']).toBe('no block type sparkline');
    expect(problems['nodes.cols.props.columns']).toBeDefined();
  });

  it('refuses a block bound to a missing entity or field, and fields of the wrong kind', () => {
    const problems = checkPage(
      page(
        grid('g', 'Nowhere'),
        grid('h', 'Project', { columns: ['name', 'colour'], conditions: [{ field: 'size', op: 'eq', value: 1 }] }),
        node('k', 'kanban', { entity: 'Project', groupField: 'name', titleField: 'name' }),
        node('c', 'calendar', { entity: 'Project', dateField: 'stage', titleField: 'name' }),
        node('s', 'kpi', { entity: 'Project', measure: 'sum', field: 'name' }),
        node('t', 'tree', { entity: 'Task', parentField: 'projectId', titleField: 'name' }),
      ),
      ctx,
    );
    expect(problems).toEqual({
      'nodes.g.props.entity': 'no entity Nowhere',
      'nodes.h.props.columns.1': 'Project has no field colour',
      'nodes.h.props.conditions.0.field': 'Project has no field size',
      'nodes.k.props.groupField': 'name is not a dictionary field',
      'nodes.c.props.dateField': 'stage is not a date',
      'nodes.s.props.field': 'name is not a number',
      'nodes.t.props.parentField': 'does not reference the same entity',
    });
  });

  it('refuses links to blocks that are not there, select nothing, or by a field that is no reference to them', () => {
    const problems = checkPage(
      page(
        grid('projects', 'Project'),
        node('text', 'richText', { html: '' }),
        grid('a', 'Contract', { link: { block: 'ghost', field: 'projectId' } }),
        grid('b', 'Contract', { link: { block: 'text', field: 'projectId' } }),
        grid('c', 'Contract', { link: { block: 'projects', field: 'name' } }),
        grid('d', 'Contract', { link: { block: 'd', field: 'projectId' } }),
        node('e', 'calendar', { entity: 'Term', dateField: 'dueDate', titleField: 'name', detailOf: 'Contract' }),
      ),
      ctx,
    );
    expect(problems).toEqual({
      'nodes.a.props.link.block': 'no block ghost on the page',
      'nodes.b.props.link.block': 'a richText block selects no row',
      'nodes.c.props.link.field': 'name does not reference Project',
      'nodes.d.props.link.block': 'a block does not link to itself',
      'nodes.e.props.link': 'detail lines need a link to their master block',
    });
  });

  it('keeps blocks in their container’s slots, under containers, and out of circles', () => {
    const problems = checkPage(
      page(
        node('sec', 'section', { title: label('S') }),
        node('in', 'richText', { html: '' }, { parent: 'sec', slot: 'main' }),
        node('under', 'richText', { html: '' }, { parent: 'in', slot: 'body' }),
        node('lost', 'richText', { html: '' }, { parent: 'gone' }),
        node('p', 'section', { title: label('P') }, { parent: 'q', slot: 'body' }),
        node('q', 'section', { title: label('Q') }, { parent: 'p', slot: 'body' }),
      ),
      ctx,
    );
    expect(problems['nodes.in.slot']).toBe('no slot main in sec');
    expect(problems['nodes.under.parent']).toBe('a richText block holds no blocks');
    expect(problems['nodes.lost.parent']).toBe('no node gone on the page');
    expect(problems['nodes.p.parent']).toBe('a block cannot sit inside itself');
  });

  it('aims page filters only at blocks there, on fields they have', () => {
    const filters = [
      {
        id: 'when',
        kind: 'dateRange',
        label: label('When'),
        targets: [
          { block: 'projects', field: 'startDate' },
          { block: 'projects', field: 'endDate' },
          { block: 'ghost', field: 'x' },
          { block: 'text', field: 'x' },
        ],
      },
    ];
    const nodes = [
      { ...rootNode(), props: { filters } },
      grid('projects', 'Project'),
      node('text', 'richText', { html: '' }),
    ];
    expect(checkPage(nodes, ctx)).toEqual({
      'nodes.root.props.filters.0.targets.1.field': 'Project has no field endDate',
      'nodes.root.props.filters.0.targets.2.block': 'no block ghost on the page',
      'nodes.root.props.filters.0.targets.3.block': 'a richText block takes no filter',
    });
  });
});
