import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormListItem } from '@trestle/shared';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { useAppStore } from '../../lib/store.ts';
import { menuEntry, renderScreen } from '../../test/render.tsx';
import { FormDesignPage } from './FormDesignPage.tsx';

const forms: FormListItem[] = [
  {
    id: 7,
    title: { en: 'Site visit', zh: '现场勘察' },
    entity: null,
    status: 'changed',
    publishedVersion: 2,
    submissions: 4,
    publicLink: true,
    version: 9,
    updatedAt: '2026-11-20T08:00:00Z',
  },
];
const catalogue = ['Search', 'Add', 'Update', 'Delete'].map((code, i) => ({
  id: i + 1,
  code,
  name: code,
  functionName: code.toLowerCase(),
  icon: '',
  sort: i,
}));

function openList(granted: string[]) {
  const store = useAppStore.getState();
  store.setButtons(catalogue);
  store.setPermission([
    menuEntry({
      id: 40,
      name: 'Form design',
      url: '/formDesign',
      permission: catalogue.filter((b) => granted.includes(b.code)).map((b) => b.id),
    }),
  ]);
  vi.spyOn(http, 'get').mockResolvedValue(forms);
  return renderScreen('/formDesign', <FormDesignPage />, 'Elsewhere');
}

describe('the forms list', () => {
  it('lists each form with its status, published version, answers and public link', async () => {
    openList(['Search']);
    const row = (await screen.findByText('Site visit')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Standalone')).toBeTruthy();
    expect(within(row).getByText('Changed since publish')).toBeTruthy();
    expect(within(row).getByText('On')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Answers Site visit' }).getAttribute('href')).toBe(
      '/formAnswers?id=7',
    );
  });

  it('offers New form and Delete only to those granted Add and Delete', async () => {
    openList(['Search']);
    await screen.findByText('Site visit');
    expect(screen.queryByRole('button', { name: /New form/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Site visit' })).toBeNull();
  });

  it('says why a form with answers is not deleted', async () => {
    openList(['Search', 'Add', 'Delete']);
    expect(await screen.findByRole('button', { name: /New form/ })).toBeTruthy();
    const post = vi
      .spyOn(http, 'post')
      .mockRejectedValue(
        new HttpError('The form has 4 answers: it can’t be deleted while they exist', 409, 'conflict', null),
      );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Site visit' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Delete$/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/formDesign/del', { id: 7 }, { quiet: true }));
    expect(await screen.findByText(/can’t be deleted while they exist/)).toBeTruthy();
  });

  it('opens the designer of a form from the list', async () => {
    const router = openList(['Search', 'Update']);
    fireEvent.click(await screen.findByRole('button', { name: 'Design Site visit' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=7'));
  });
});
