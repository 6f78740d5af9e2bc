import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../test/render.tsx';
import { CALENDAR_CAP } from './calendar-month.ts';
import { PageRenderer } from './PageRenderer.tsx';
import { fakeServer, node, renderRouted, root, signIn } from './page-blocks.fixtures.ts';

const calendar = () => node('calendar', { entity: 'Project', dateField: 'startDate', titleField: 'name' });
const range = (month: dayjs.Dayjs) => [
  { name: 'startDate', value: month.startOf('month').format('YYYY-MM-DD'), displayType: 'ge' },
  { name: 'startDate', value: month.endOf('month').format('YYYY-MM-DD'), displayType: 'le' },
];

describe('a calendar block', () => {
  beforeEach(() => {
    clearSession();
    // The month the fixtures' projects start in.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-15T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reads only the month shown, capped, and reads the next one when it is shown', async () => {
    signIn({ Project: ['Search'] });
    const server = fakeServer();
    renderRouted(<PageRenderer nodes={[root(), calendar()]} pageId={1} mode="live" />);
    expect(await screen.findByText('Bridge')).toBeTruthy();
    expect(screen.getByText('Tunnel')).toBeTruthy();
    const november = dayjs('2026-11-01');
    expect(server.bodies('/api/Project/getPageData')).toEqual([
      { page: 1, rows: CALENDAR_CAP, sort: 'startDate', order: 'asc', wheres: range(november) },
    ]);

    // A day of the next month, shown at the grid's end, turns the calendar to it.
    fireEvent.click(document.querySelector('td[title="2026-12-01"]') as HTMLElement);
    await waitFor(() => expect(server.bodies('/api/Project/getPageData')).toHaveLength(2));
    expect(server.bodies('/api/Project/getPageData')[1]?.wheres).toEqual(range(november.add(1, 'month')));
  });

  it('adds a row on the day clicked, its date filled in, with the Add grant', async () => {
    signIn({ Project: ['Search', 'Add'] });
    fakeServer();
    renderRouted(<PageRenderer nodes={[root(), calendar()]} pageId={1} mode="live" />);
    await screen.findByText('Bridge');
    fireEvent.click(document.querySelector('td[title="2026-11-24"]') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add Project')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByDisplayValue('2026-11-24')).toBeTruthy());
  });

  it('adds nothing without the Add grant, and opens an entry only with Update', async () => {
    signIn({ Project: ['Search', 'Update'] });
    fakeServer();
    renderRouted(<PageRenderer nodes={[root(), calendar()]} pageId={1} mode="live" />);
    await screen.findByText('Bridge');
    fireEvent.click(document.querySelector('td[title="2026-11-24"]') as HTMLElement);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByText('Tunnel'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Project')).toBeTruthy();
  });
});
