import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../test/render.tsx';
import { PageRenderer } from './PageRenderer.tsx';
import { fakeServer, node, renderRouted, root, signIn } from './page-blocks.fixtures.ts';

const label = (en: string) => ({ en, zh: en });

describe('a grid block', () => {
  beforeEach(() => clearSession());
  afterEach(() => vi.restoreAllMocks());

  it('lists only the rows of the row selected in the block it links to', async () => {
    signIn({ Project: ['Search'], Contract: ['Search'] });
    const server = fakeServer();
    const projects = node('grid', { title: label('Projects'), entity: 'Project' });
    const contracts = node('grid', {
      title: label('Contracts'),
      entity: 'Contract',
      conditions: [{ field: 'title', op: 'like', value: 'Lease' }],
      link: { block: projects.uid, field: 'projectId' },
    });
    renderRouted(<PageRenderer nodes={[root(), projects, contracts]} pageId={1} mode="live" />);
    expect(await screen.findByText('Select a row in Projects to see what belongs to it.')).toBeTruthy();
    // Nothing is read before a project is chosen: never the whole contracts table.
    expect(server.bodies('/api/Contract/getPageData')).toEqual([]);

    fireEvent.click(await screen.findByText('Tunnel'));
    await waitFor(() => expect(server.bodies('/api/Contract/getPageData')).toHaveLength(1));
    expect(server.bodies('/api/Contract/getPageData')[0]?.wheres).toEqual([
      { name: 'title', value: 'Lease', displayType: 'like' },
      { name: 'projectId', value: 2, displayType: 'eq' },
    ]);
    expect(screen.queryByText(/Select a row in Projects/)).toBeNull();

    fireEvent.click(screen.getByText('Bridge'));
    await waitFor(() => expect(server.bodies('/api/Contract/getPageData')).toHaveLength(2));
    expect(server.bodies('/api/Contract/getPageData')[1]?.wheres).toContainEqual({
      name: 'projectId',
      value: 1,
      displayType: 'eq',
    });
  });

  it('reads with its page size and the page filters aimed at it', async () => {
    signIn({ Project: ['Search'] });
    const server = fakeServer();
    const grid = node('grid', { entity: 'Project', pageSize: 15 });
    const filters = [
      {
        id: 'stage',
        kind: 'select',
        label: label('Stage'),
        options: ['PLAN', 'BUILD'],
        targets: [{ block: grid.uid, field: 'stage' }],
      },
    ];
    renderRouted(<PageRenderer nodes={[root(filters), grid]} pageId={1} mode="live" />);
    await screen.findByText('Bridge');
    expect(server.bodies('/api/Project/getPageData')[0]).toMatchObject({ rows: 15, wheres: [] });
    fireEvent.mouseDown(screen.getByLabelText('Stage'));
    fireEvent.click(
      await waitFor(() => document.querySelector('.ant-select-item-option[title="BUILD"]') as HTMLElement),
    );
    await waitFor(() =>
      expect(server.bodies('/api/Project/getPageData').at(-1)?.wheres).toEqual([
        { name: 'stage', value: ['BUILD'], displayType: 'in' },
      ]),
    );
  });

  it('offers Delete only to a viewer granted Delete on the entity’s screen', async () => {
    signIn({ Project: ['Search', 'Add', 'Update'] });
    fakeServer();
    const grid = node('grid', { title: label('Projects'), entity: 'Project', actions: ['add', 'edit', 'delete'] });
    renderRouted(<PageRenderer nodes={[root(), grid]} pageId={1} mode="live" />);
    const block = await screen.findByTestId(`block-${grid.uid}`);
    expect(await within(block).findByRole('button', { name: /Add/ })).toBeTruthy();
    expect(within(block).getByRole('button', { name: /Edit/ })).toBeTruthy();
    expect(within(block).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('offers Delete with the grant, and nothing the block does not list even when granted', async () => {
    signIn({ Project: ['Search', 'Add', 'Update', 'Delete', 'Export'] });
    fakeServer();
    const grid = node('grid', { title: label('Projects'), entity: 'Project', actions: ['delete'] });
    renderRouted(<PageRenderer nodes={[root(), grid]} pageId={1} mode="live" />);
    const block = await screen.findByTestId(`block-${grid.uid}`);
    expect(await within(block).findByRole('button', { name: /Delete/ })).toBeTruthy();
    expect(within(block).queryByRole('button', { name: /Add/ })).toBeNull();
    expect(within(block).queryByRole('button', { name: /Export/ })).toBeNull();
  });
});
