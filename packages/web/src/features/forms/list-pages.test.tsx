import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type FillableForm, formDesignSchema, type MyForm, type SubmissionDetail } from '@trestle/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { fakeSignedInServer, menuEntry, renderApp, signedInEachTest, testUser } from '../../test/render.tsx';

const menu = [menuEntry({ id: 1, name: 'Home', url: '/home' }), menuEntry({ id: 2, name: 'Forms', url: '/forms' })];
const user = testUser({ organization: null, roles: [] });

const survey = formDesignSchema.parse({
  title: { en: 'Site survey', zh: '现场调查' },
  fields: [
    { name: 'name', type: 'string', label: { en: 'Name', zh: '姓名' } },
    { name: 'agree', type: 'boolean', label: { en: 'Agree', zh: '同意' } },
  ],
  items: [
    { kind: 'field', id: 'f1', name: 'name' },
    { kind: 'field', id: 'f2', name: 'agree' },
  ],
});
const open: FillableForm = { id: 3, version: 2, design: survey };
const mine: MyForm[] = [
  { id: 3, title: survey.title, version: 2, canFill: true, canRead: true, submissions: 1 },
  { id: 4, title: { en: 'Toolbox talk', zh: '' }, version: 1, canFill: true, canRead: false, submissions: 0 },
];
const answer: SubmissionDetail = {
  id: 7,
  formVersion: 1,
  submittedBy: null,
  submittedAt: '2026-11-01T10:00:00Z',
  mainData: { name: 'Ann', agree: true },
  detailData: {},
  design: survey,
};

function fakeServer() {
  return fakeSignedInServer(menu, user, (url) => {
    if (url === '/api/form/mine') return mine;
    if (url === '/api/form/open') return open;
    if (url === '/api/form/submission') return answer;
    throw new Error(`unexpected GET ${url}`);
  });
}

describe('the Forms screens', () => {
  signedInEachTest();
  afterEach(() => i18n.changeLanguage('en-US'));

  it('lists the caller’s forms in their language, with Fill in, and Answers where they may read them', async () => {
    fakeServer();
    await i18n.changeLanguage('zh-CN');
    renderApp('/forms');
    const table = await screen.findByTestId('my-forms');
    const survey = (await within(table).findByText('现场调查')).closest('tr') as HTMLElement;
    // An empty Chinese title falls back to the English one.
    const talk = within(table).getByText('Toolbox talk').closest('tr') as HTMLElement;
    expect(within(survey).getByRole('link', { name: '填写' }).getAttribute('href')).toBe('/formSubmit?id=3');
    expect(within(survey).getByRole('link', { name: '答卷' }).getAttribute('href')).toBe('/formAnswers?id=3');
    expect(within(talk).queryByRole('link', { name: '答卷' })).toBeNull();
  });

  it('pages the answers from the server, searches them, opens one as filled, and exports them', async () => {
    const get = fakeServer();
    const post = vi.spyOn(http, 'post').mockResolvedValue({
      rows: [{ id: 7, formVersion: 1, submittedBy: null, submittedAt: answer.submittedAt, mainData: answer.mainData }],
      total: 1,
      design: survey,
    });
    const download = vi.spyOn(http, 'downloadGet').mockResolvedValue();
    renderApp('/formAnswers?id=3');
    const table = await screen.findByTestId('form-answers');
    const row = (await within(table).findByText('Ann')).closest('tr') as HTMLElement;
    expect(within(table).getAllByRole('columnheader', { name: 'Agree' }).length).toBeGreaterThan(0);
    expect(within(row).getByText('Public link')).toBeTruthy();
    expect(within(row).getByText('Yes')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/form/submissions', { id: 3, page: 1, rows: 20, search: '', order: 'desc' });

    const search = screen.getByRole('searchbox', { name: 'Search the answers' });
    fireEvent.change(search, { target: { value: 'Ann' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith('/api/form/submissions', {
        id: 3,
        page: 1,
        rows: 20,
        search: 'Ann',
        order: 'desc',
      }),
    );

    fireEvent.click(row);
    const drawer = await screen.findByRole('dialog', { name: 'Answer' });
    const name = (await within(drawer).findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('Ann');
    expect(name.disabled).toBe(true);
    expect(within(drawer).queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(get).toHaveBeenCalledWith('/api/form/submission', { id: 7 });

    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(download).toHaveBeenCalledWith('/api/form/export?id=3'));
  });

  it('names the answer columns by the design the answers come with, for a reader the form refuses to open', async () => {
    const get = fakeSignedInServer(menu, user, (url) => {
      if (url === '/api/form/open') throw new HttpError('Forbidden', 403, 'forbidden');
      throw new Error(`unexpected GET ${url}`);
    });
    vi.spyOn(http, 'post').mockResolvedValue({
      rows: [{ id: 7, formVersion: 1, submittedBy: 'pm', submittedAt: answer.submittedAt, mainData: { name: 'Ann' } }],
      total: 1,
      design: survey,
    });
    renderApp('/formAnswers?id=3');
    const table = await screen.findByTestId('form-answers');
    expect(await within(table).findByText('Ann')).toBeTruthy();
    expect(within(table).getAllByRole('columnheader', { name: 'Name' }).length).toBeGreaterThan(0);
    expect(within(table).getAllByRole('columnheader', { name: 'Agree' }).length).toBeGreaterThan(0);
    expect(within(table).getByText('pm')).toBeTruthy();
    expect(get).not.toHaveBeenCalledWith('/api/form/open', expect.anything(), expect.anything());
  });

  it('names the answer columns by the answers’ own keys while the form has no published design', async () => {
    fakeServer();
    vi.spyOn(http, 'post').mockResolvedValue({
      rows: [{ id: 7, formVersion: 1, submittedBy: 'pm', submittedAt: answer.submittedAt, mainData: { name: 'Ann' } }],
      total: 1,
      design: null,
    });
    renderApp('/formAnswers?id=3');
    const table = await screen.findByTestId('form-answers');
    expect(await within(table).findByText('Ann')).toBeTruthy();
    expect(within(table).getAllByRole('columnheader', { name: 'name' }).length).toBeGreaterThan(0);
  });
});
