import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/transport.ts';
import { renderScreen } from '../../test/render.tsx';
import { BIDesignPage } from './BIDesignPage.tsx';
import { bodiesTo, fakeServer, grantBiDesign, listItem } from './bi-design.test-kit.ts';

const datasets = [
  listItem({ id: 3, name: 'Contracts', kind: 'entity', source: 'SalesContract', usedBy: 2 }),
  listItem({ id: 4, name: 'Receipts by SQL', kind: 'sql', source: 'Main database', ownerName: null }),
];
const charts = [listItem({ id: 8, name: 'Signed by month', kind: 'line', source: 'Contracts', usedBy: 1 })];
const dashboards = [
  listItem({
    id: 5,
    name: 'Sales overview',
    kind: 'dashboard',
    source: 'menu',
    sharedWith: ['Project manager', 'Sales'],
  }),
];
const lists = {
  '/api/bi/entities': [],
  '/api/bi/datasets': datasets,
  '/api/bi/charts': charts,
  '/api/bi/dashboards': dashboards,
};

function openPage(granted: string[], path = '/BIDesign') {
  grantBiDesign(granted);
  const server = fakeServer(lists);
  const router = renderScreen('/BIDesign', <BIDesignPage />, 'Elsewhere');
  if (path !== '/BIDesign') void router.navigate(path);
  return { server, router };
}

const rowOf = async (name: string) => {
  const row = (await screen.findByText(name)).closest('tr');
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

// antd's first render is slow on a busy 2-core machine.
describe('the BI design lists', { timeout: 30_000 }, () => {
  it('lists the datasets with their kind, source, owner and what uses them', async () => {
    openPage(['Search']);
    const row = await rowOf('Contracts');
    expect(within(row).getByText('Entity')).toBeTruthy();
    expect(within(row).getByText('SalesContract')).toBeTruthy();
    expect(within(row).getByText('Ada Admin')).toBeTruthy();
    expect(within(row).getByText('2 charts')).toBeTruthy();
    const sql = await rowOf('Receipts by SQL');
    expect(within(sql).getByText('SQL')).toBeTruthy();
  });

  it('shows the charts and the dashboards on their tabs, with the chart type and the roles shared with', async () => {
    const { router } = openPage(['Search']);
    await screen.findByText('Contracts');
    fireEvent.click(screen.getByRole('tab', { name: 'Charts' }));
    const chart = await rowOf('Signed by month');
    expect(within(chart).getByText('Line')).toBeTruthy();
    expect(within(chart).getByText('1 dashboard')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=chart');
    fireEvent.click(screen.getByRole('tab', { name: 'Dashboards' }));
    const dashboard = await rowOf('Sales overview');
    expect(within(dashboard).getByText('Project manager')).toBeTruthy();
    expect(within(dashboard).getByText('Sales')).toBeTruthy();
    expect(within(dashboard).getByText('Published as a menu entry')).toBeTruthy();
  });

  it('offers New, Edit and Delete only to those granted Add, Update and Delete', async () => {
    openPage(['Search']);
    const row = await rowOf('Contracts');
    expect(screen.queryByText('New dataset')).toBeNull();
    expect(within(row).queryByLabelText('Delete Contracts')).toBeNull();
    expect(within(row).queryByLabelText('Edit Contracts')).toBeNull();
    // Without Update a dataset is opened to be read.
    expect(within(row).getByLabelText('View Contracts')).toBeTruthy();
  });

  it('shows New, Edit and Delete with their grants', async () => {
    openPage(['Search', 'Add', 'Update', 'Delete']);
    const row = await rowOf('Contracts');
    expect(screen.getByText('New dataset')).toBeTruthy();
    expect(within(row).getByLabelText('Delete Contracts')).toBeTruthy();
    expect(within(row).getByLabelText('Edit Contracts')).toBeTruthy();
  });

  it('opens the builder of a new dataset', async () => {
    const { router } = openPage(['Search', 'Add', 'Update']);
    fireEvent.click(await screen.findByText('New dataset'));
    await waitFor(() => expect(router.state.location.search).toBe('?dataset=new'));
    expect(await screen.findByRole('region', { name: 'Dataset: untitled' })).toBeTruthy();
  });

  it('says why a dataset still in use is not deleted', async () => {
    const { server } = openPage(['Search', 'Delete']);
    server.post.mockRejectedValue(
      new HttpError('The dataset is used by 2 charts: Signed by month, By customer', 409, 'conflict', null),
    );
    fireEvent.click(within(await rowOf('Contracts')).getByLabelText('Delete Contracts'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Delete'));
    await waitFor(() => expect(bodiesTo(server.post, '/api/bi/dataset/del')).toEqual([{ id: 3 }]));
    expect(await screen.findByText(/used by 2 charts/)).toBeTruthy();
    expect(screen.getByText('Contracts')).toBeTruthy();
  });
});
