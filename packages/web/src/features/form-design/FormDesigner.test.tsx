import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormDesign, FormDetail } from '@trestle/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { useAppStore } from '../../lib/store.ts';
import { menuEntry, renderScreen } from '../../test/render.tsx';
import { FormDesignPage } from './FormDesignPage.tsx';

const label = (en: string) => ({ en, zh: en });
const draft: FormDesign = {
  title: label('Site visit'),
  fields: [{ name: 'hazardsPresent', type: 'boolean', label: label('Hazards present') }],
  tables: [],
  items: [{ kind: 'field', id: 'f1', name: 'hazardsPresent' }],
  rules: [{ id: 'r1', match: 'all', when: [], actions: [{ action: 'show', target: 'hazardDetails' }] }],
};
const detail = (design: FormDesign): FormDetail => ({
  id: 7,
  version: 3,
  draft: design,
  published: null,
  publishedVersion: null,
  access: {
    designRoles: [],
    fillRoles: [],
    readRoles: [],
    publicLink: { enabled: false, expiresAt: null, maxCount: null, captcha: false },
  },
  publicToken: null,
});

async function openDesigner(design: FormDesign) {
  vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/formDesign/get') return detail(design);
    return [];
  });
  const router = renderScreen('/formDesign', <FormDesignPage />, 'Elsewhere');
  await act(() => router.navigate('/formDesign?id=7'));
}

describe('the form designer', () => {
  beforeEach(() => {
    const store = useAppStore.getState();
    store.setButtons([{ id: 3, code: 'Update', name: 'Update', functionName: 'edit', icon: '', sort: 3 }]);
    store.setPermission([menuEntry({ id: 40, name: 'Form design', url: '/formDesign', permission: [3] })]);
  });

  it('shows the check’s problem with a rule naming a field the form does not have', async () => {
    await openDesigner(draft);
    const problems = await screen.findByRole('list', { name: 'Problems in the design' });
    expect(within(problems).getByText(/no field, sub-table or section named hazardDetails/)).toBeTruthy();
  });

  it('adds a field from the palette, saves the design with it, and undoes it', async () => {
    await openDesigner({ ...draft, rules: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Integer' }));
    const item = await screen.findByRole('group', { name: 'Field: Integer' });
    fireEvent.click(within(item).getByRole('button', { name: 'Field: Integer' }));
    fireEvent.change(screen.getByLabelText('Label (English)'), { target: { value: 'Visitors' } });
    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: 'visitors' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Required' }));
    expect(screen.getByRole('group', { name: 'Field: Visitors' })).toBeTruthy();

    const post = vi.spyOn(http, 'post').mockResolvedValue({ version: 4 });
    fireEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [url, body] = post.mock.calls[0] ?? [];
    expect(url).toBe('/api/formDesign/save');
    expect(body).toMatchObject({
      id: 7,
      version: 3,
      design: {
        fields: [
          { name: 'hazardsPresent' },
          { name: 'visitors', type: 'integer', label: { en: 'Visitors' }, required: true },
        ],
        items: [{ name: 'hazardsPresent' }, { kind: 'field', name: 'visitors' }],
      },
    });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());

    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    expect(screen.queryByRole('group', { name: /Field: (Visitors|Integer)/ })).toBeNull();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('keeps the design when someone else saved first, and says so', async () => {
    await openDesigner({ ...draft, rules: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Date' }));
    vi.spyOn(http, 'post').mockRejectedValue(new HttpError('Changed by someone else', 409, 'conflict', null));
    fireEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    expect(await screen.findByText(/Someone else saved this form/)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Field: Date' })).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });
});
