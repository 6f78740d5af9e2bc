import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MixApp, MixAppSave, MixDraft } from '@trestle/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { http } from '../../lib/http/client.ts';
import { renderInApp } from '../../test/render.tsx';
import { MixDesignPage } from './MixDesignPage.tsx';
import { title, vehicleDraft } from './mix.fixtures.ts';

const savedApp = (draft: MixDraft): MixApp => ({
  id: 5,
  name: 'VehicleBooking',
  title,
  status: 'draft',
  step: draft.step,
  pageId: null,
  version: 3,
  updatedAt: '2026-11-20T08:00:00Z',
  updatedBy: 'Ada',
  draft,
});

/** /mixDesign at `search`, the server's fake answering the reads and every save of the app. */
function open(search: string, app: MixApp | null) {
  vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/mixApps/get/5' && app) return app;
    if (url === '/api/pages/folders' || url === '/api/pages/roles' || url === '/api/tableDesign/list') return [];
    throw new Error(`unexpected GET ${url}`);
  });
  const save = vi.spyOn(http, 'post').mockResolvedValue({ id: 5, version: 4 });
  const router = createMemoryRouter([{ path: '/mixDesign', element: <MixDesignPage /> }], {
    initialEntries: [`/mixDesign${search}`],
  });
  renderInApp(<RouterProvider router={router} />);
  const sent = () => save.mock.calls.at(-1)?.[1] as MixAppSave;
  return { save, sent };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('the mixed designer', () => {
  it('resumes a saved draft at its step, and saves the next step on the way on', async () => {
    const { save, sent } = open('?id=5', savedApp(vehicleDraft({ step: 'layout', layout: null, layoutOptions: {} })));
    // The calendar fits (the bookings have dates) and is chosen, on their first date field.
    const calendar = await screen.findByRole('radio', { name: 'List + calendar' });
    expect((calendar as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(sent()).toMatchObject({
      id: 5,
      version: 3,
      draft: {
        step: 'preview',
        layout: 'listCalendar',
        layoutOptions: { on: 'detail', dateField: 'date', endField: 'endDate', titleField: 'purpose' },
      },
    });
    expect(await screen.findByText('Sample rows')).toBeTruthy();
  });

  it('names a new app from its title and saves it at the table step', async () => {
    const { sent } = open('?new=1', null);
    type(await screen.findByLabelText('Title (English)'), 'Vehicle booking');
    expect((screen.getByLabelText('App name') as HTMLInputElement).value).toBe('VehicleBooking');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Main table')).toBeTruthy();
    expect(sent()).toMatchObject({
      name: 'VehicleBooking',
      title: { en: 'Vehicle booking', zh: 'Vehicle booking' },
      draft: { step: 'table' },
    });
    expect(sent().id).toBeUndefined();
  });

  it('makes the table and its detail from names alone: labels, types and the link follow', async () => {
    const draft = vehicleDraft({ step: 'table', table: null, detail: null, form: null, layout: null });
    const { sent } = open('?id=5', savedApp(draft));
    const main = within(await screen.findByRole('form', { name: 'Main table' }));
    type(main.getByLabelText('Entity name of the Main table'), 'Vehicle');
    type(main.getByLabelText('Name of field 1'), 'plate');
    type(main.getByLabelText('Name of field 2'), 'model');
    type(main.getByLabelText('Name of field 3'), 'seats');
    fireEvent.click(screen.getByRole('switch', { name: 'Add a detail table' }));
    const detail = within(await screen.findByRole('form', { name: 'Detail table' }));
    type(detail.getByLabelText('Entity name of the Detail table'), 'Booking');
    type(detail.getByLabelText('Name of field 2'), 'date');
    type(detail.getByLabelText('Name of field 3'), 'endDate');
    type(detail.getByLabelText('Name of field 4'), 'purpose');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('tab', { name: /Rules/ });
    const saved = sent().draft;
    expect(saved.step).toBe('form');
    expect(saved.table).toMatchObject({ name: 'Vehicle', table: 'vehicles', label: { en: 'Vehicle' } });
    const fields = (t: Record<string, unknown> | null) =>
      ((t?.fields ?? []) as { name: string; type: string; label: { en: string } }[]).map((f) => [
        f.name,
        f.type,
        f.label.en,
      ]);
    expect(fields(saved.table)).toEqual([
      ['plate', 'string', 'Plate'],
      ['model', 'string', 'Model'],
      ['seats', 'integer', 'Seats'],
    ]);
    expect(saved.detail).toMatchObject({ name: 'Booking', master: { entity: 'Vehicle', field: 'vehicle' } });
    expect((saved.detail?.fields as unknown[] | undefined)?.[0]).toMatchObject({
      name: 'vehicle',
      required: true,
      reference: { table: 'vehicles', labelColumn: 'plate' },
    });
    expect(fields(saved.detail)).toEqual([
      ['vehicle', 'reference', 'Vehicle'],
      ['date', 'date', 'Date'],
      ['endDate', 'date', 'End date'],
      ['purpose', 'string', 'Purpose'],
    ]);
  });
  it('titles the wizard with the app’s title in the reader’s language', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      open('?id=5', savedApp(vehicleDraft({ step: 'preview' })));
      expect(await screen.findByRole('heading', { name: `应用：${title.zh}` })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
