import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EntityMeta, FieldMeta, PageNode, PagePatch } from '@trestle/shared';
import { describe, expect, it, vi } from 'vitest';
import { choose, optionsOf } from '../bi-design/bi-design.test-kit.ts';
import { bodiesTo, openDesigner, root } from './page-design.test-kit.ts';

// The preview draws the page as its viewer would (components/page-blocks); here, only what it was given.
vi.mock('../../components/page-blocks/PageRenderer.tsx', () => ({
  PageRenderer: ({ nodes, mode }: { nodes: PageNode[]; mode: string }) => (
    <p>{`Rendered ${nodes.map((n) => n.uid).join(', ')} (${mode})`}</p>
  ),
}));

const label = (en: string) => ({ en, zh: en });
const field = (f: Partial<FieldMeta> & Pick<FieldMeta, 'name' | 'type'>): FieldMeta => ({ label: label(f.name), ...f });
const entity = (name: string, table: string, en: string, fields: FieldMeta[]): EntityMeta => ({
  name,
  table,
  key: 'id',
  label: label(en),
  fields,
  defaultSort: { field: 'id', order: 'desc' },
  details: [],
  softDelete: false,
  audit: false,
  separateApprover: false,
  scope: {},
});
const project = entity('Project', 'projects', 'Projects', [
  field({ name: 'id', type: 'integer' }),
  field({ name: 'name', type: 'string', label: label('Name') }),
]);
const contract = entity('SalesContract', 'sales_contracts', 'Contracts', [
  field({ name: 'contractNo', type: 'string' }),
  field({
    name: 'projectId',
    type: 'reference',
    label: label('Project'),
    reference: { table: 'projects', labelColumn: 'name' },
  }),
  field({
    name: 'customerId',
    type: 'reference',
    label: label('Customer'),
    reference: { table: 'customers', labelColumn: 'name' },
  }),
]);
const metaRoutes = {
  '/api/bi/entities': [project, contract],
  '/api/Project/getMeta': { ...project, detailMetas: [] },
  '/api/SalesContract/getMeta': { ...contract, detailMetas: [] },
};
const grid = (uid: string, entityName: string, over: Record<string, unknown> = {}, y = 0): PageNode =>
  ({
    uid,
    type: 'grid',
    parent: 'root',
    slot: 'main',
    x: 0,
    y,
    w: 24,
    h: 8,
    version: 2,
    props: {
      title: { en: '', zh: '' },
      entity: entityName,
      conditions: [],
      link: null,
      columns: [],
      searchFields: [],
      actions: ['add', 'edit', 'delete'],
      pageSize: 10,
      expandDetails: false,
      ...over,
    },
  }) as PageNode;

const open = (nodes: PageNode[], routes: Record<string, unknown> = {}) =>
  openDesigner(() => null, undefined, [root(), ...nodes], { ...metaRoutes, ...routes });
const patches = (server: ReturnType<typeof openDesigner>['server']) =>
  bodiesTo(server.post, '/api/pages/patch') as PagePatch[];
const select = async (name: RegExp) => fireEvent.click(await screen.findByRole('button', { name }));

// antd's first render is slow on a busy 2-core machine.
describe('the page designer’s data blocks', { timeout: 30_000 }, () => {
  it('asks a grid’s entity before adding it, then inserts it whole', async () => {
    const { server } = open([]);
    const palette = await screen.findByRole('navigation', { name: 'Blocks' });
    fireEvent.click(within(palette).getByRole('button', { name: /Grid/ }));
    const dialog = await screen.findByRole('dialog');
    await choose('Entity', 'Projects (Project)', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(patches(server)).toHaveLength(1));
    expect(patches(server)[0]?.ops[0]).toMatchObject({
      op: 'insert',
      node: { type: 'grid', props: { entity: 'Project' } },
    });
  });

  it('checks the page live: a column the entity does not have shows beside its block', async () => {
    open([grid('g1', 'Project', { columns: ['nope'] })]);
    const beside = await screen.findByRole('list', { name: 'Problems of Projects' });
    expect(within(beside).getByText('Project has no field nope')).toBeTruthy();
  });

  it('links a block through the fields that reference the linked block’s entity only', async () => {
    open([grid('g1', 'Project'), grid('g2', 'SalesContract', {}, 8)]);
    await select(/^Grid Contracts: column/);
    const panel = await screen.findByRole('region', { name: 'Settings of the block' });
    await choose('Follows the row selected in', 'Projects', panel);
    expect(await optionsOf('Through the field', panel)).toEqual(['Project (projectId)']);
  });

  it('sends a title typed once the typing pauses, in one update, and keeps what was typed', async () => {
    const { server } = open([grid('g1', 'Project')]);
    await select(/^Grid Projects: column/);
    const input = await screen.findByLabelText('Title (English)');
    for (const text of ['O', 'Op', 'Open']) fireEvent.change(input, { target: { value: text } });
    await waitFor(() => expect(patches(server)).toHaveLength(1));
    expect(patches(server)[0]?.ops).toEqual([
      expect.objectContaining({
        op: 'update',
        uid: 'g1',
        version: 2,
        props: expect.objectContaining({ title: { en: 'Open', zh: '' } }),
      }),
    ]);
    expect((screen.getByLabelText('Title (English)') as HTMLInputElement).value).toBe('Open');
  });

  it('previews the draft as its viewers would see it', async () => {
    open([grid('g1', 'Project')]);
    fireEvent.click(await screen.findByRole('button', { name: /Preview/ }));
    expect(await screen.findByText('Rendered root, g1 (preview)')).toBeTruthy();
  });

  it('restores a version as the draft', async () => {
    const { server } = open([grid('g1', 'Project')], {
      '/api/pages/versions/7': [
        { version: 1, note: 'First cut', publishedAt: '2026-11-20T08:00:00Z', publishedBy: 'Ada', blocks: 1 },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: /Versions/ }));
    expect(await screen.findByText('First cut')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(server.post, '/api/pages/restore')).toEqual([{ id: 7, version: 1 }]));
  });
});
