import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { PageDesignPage } from './PageDesignPage.tsx';
import { bodiesTo, fakeServer, grantPageDesign, pageItem } from './page-design.test-kit.ts';

const pages = [
  pageItem({
    id: 7,
    name: 'visits',
    title: { en: 'Site visits', zh: '现场拜访' },
    status: 'changed',
    publishedVersion: 2,
    versions: 3,
    menuFolder: 'ops',
  }),
  pageItem({ id: 8, name: 'draft-only', title: { en: 'Draft only', zh: '草稿' } }),
];

function openList(granted: string[]) {
  grantPageDesign(granted);
  const server = fakeServer(
    { '/api/pages/list': pages, '/api/pages/folders': [{ code: 'ops', name: 'Operations' }] },
    () => ({ id: 9 }),
  );
  const router = renderScreen('/pageDesign', <PageDesignPage />, 'Elsewhere');
  return { server, router };
}

const rowOf = async (title: string) => {
  const row = (await screen.findByText(title)).closest('tr');
  if (!row) throw new Error(`no row ${title}`);
  return row;
};

// antd's first render is slow on a busy 2-core machine.
describe('the pages list', { timeout: 30_000 }, () => {
  it('lists the pages with their name, status, published version, versions and folder', async () => {
    openList(['Search']);
    const row = await rowOf('Site visits');
    expect(within(row).getByText('visits')).toBeTruthy();
    expect(within(row).getByText('Changed since published')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('Operations')).toBeTruthy();
    expect(within(await rowOf('Draft only')).getByText('Draft')).toBeTruthy();
  });

  it('hides New, Design, Duplicate and Delete without their grants, and opens only published pages', async () => {
    openList(['Search']);
    const row = await rowOf('Site visits');
    expect(screen.queryByText('New page')).toBeNull();
    expect(within(row).queryByLabelText('Design Site visits')).toBeNull();
    expect(within(row).queryByLabelText('Duplicate Site visits')).toBeNull();
    expect(within(row).queryByLabelText('Delete Site visits')).toBeNull();
    expect(within(row).getByLabelText('Open Site visits').getAttribute('href')).toBe('/page/7');
    expect(within(await rowOf('Draft only')).queryByLabelText('Open Draft only')).toBeNull();
  });

  it('shows them with Add, Update and Delete', async () => {
    openList(['Search', 'Add', 'Update', 'Delete']);
    const row = await rowOf('Site visits');
    expect(screen.getByText('New page')).toBeTruthy();
    expect(within(row).getByLabelText('Design Site visits')).toBeTruthy();
    expect(within(row).getByLabelText('Duplicate Site visits')).toBeTruthy();
    expect(within(row).getByLabelText('Delete Site visits')).toBeTruthy();
  });

  it('duplicates a page as a template: a new page copying its draft, then opened', async () => {
    const { server, router } = openList(['Search', 'Add']);
    fireEvent.click(within(await rowOf('Site visits')).getByLabelText('Duplicate Site visits'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'visits-north' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(bodiesTo(server.post, '/api/pages/create')).toEqual([
        { name: 'visits-north', title: { en: 'Site visits (copy)', zh: '现场拜访（副本）' }, copyOf: 7 },
      ]),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?id=9'));
  });

  it('deletes a page once confirmed', async () => {
    const { server } = openList(['Search', 'Delete']);
    fireEvent.click(within(await rowOf('Draft only')).getByLabelText('Delete Draft only'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodiesTo(server.post, '/api/pages/delete')).toEqual([{ id: 8 }]));
  });
});
