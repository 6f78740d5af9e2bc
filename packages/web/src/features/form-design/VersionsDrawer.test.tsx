import { fireEvent, screen, within } from '@testing-library/react';
import type { FormDesign, FormVersionItem } from '@trestle/shared';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { renderScreen } from '../../test/render.tsx';
import { VersionsDrawer } from './VersionsDrawer.tsx';

const design: FormDesign = {
  title: { en: 'Site visit', zh: '现场勘察' },
  fields: [{ name: 'visitors', type: 'integer', label: { en: 'Visitors', zh: '来访人数' } }],
  tables: [],
  items: [{ kind: 'field', id: 'f1', name: 'visitors' }],
  rules: [],
};
// The comparison loads version 2 (the one before the newest) by itself; version 1 is first loaded to be viewed.
const versions: FormVersionItem[] = [1, 2, 3].map((version) => ({
  version,
  publishedAt: `2026-11-2${version}T08:00:00Z`,
  publishedBy: `admin${version}`,
  submissions: 0,
}));

describe('the versions drawer', () => {
  it('shows a published version as the one who fills it saw it', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/api/formDesign/versions') return versions;
      if (url === '/api/formDesign/version') return { version: 1, design };
      return [];
    });
    renderScreen(
      '/formDesign',
      <VersionsDrawer id={7} title="Site visit" draft={design} canRevert={false} onClose={() => {}} />,
      'Elsewhere',
    );
    // Found by text and label, not by role: role queries over antd's drawer and table take seconds in jsdom.
    const row = (await screen.findByText('admin1')).closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(within(row).getByRole('button', { name: 'View' }));
    const viewing = await screen.findByLabelText('Version 1', { selector: 'section' }, { timeout: 5000 });
    expect(await within(viewing).findByLabelText(/Visitors/, undefined, { timeout: 5000 })).toBeTruthy();
  });
});
