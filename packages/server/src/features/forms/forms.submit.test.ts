import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { accessWith, publishedForm, siteVisit, visitAnswer } from '../../test/forms.ts';
import { body } from '../../test/helper.ts';
import { createOtherTenant } from '../../test/tenants.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';

/** Answers to a standalone form: the form's rules are the server's, whatever the browser sent. */
const t = useTestApp({ pm: true });
const beta = madeInBeforeAll(async () => {
  await createOtherTenant(t.database.db, 'beta', ['formDesign', 'forms']);
  return { token: await t.login('beta-admin', 'Other@2026') };
});

const submit = (id: number, mainData: Record<string, unknown>, token = t.admin, extra: object = {}) =>
  t.post('/api/form/submit', { id, version: 1, mainData, ...extra }, token);
const stored = async (id: number) =>
  (
    await queryRows<{ main: Record<string, unknown>; by: number | null; search: string }>(
      t.database.db,
      sql`select main_data as main, submitted_by as by, search from form_submissions where id = ${id}`,
    )
  )[0];

describe('an answer is checked by the form’s rules', () => {
  it('refuses a value for a field the rules hide', async () => {
    const form = await publishedForm(t, siteVisit('Hidden'));
    const res = await submit(form.id, visitAnswer({ hazardsPresent: false, hazardDetails: 'Asbestos' }));
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('The answer has errors');
    expect(res.json().data.fieldErrors['mainData.hazardDetails']).toBe('hidden by the form: leave it empty');
  });

  it('requires a field a rule requires, and takes it once given', async () => {
    const form = await publishedForm(t, siteVisit('Required by rule'));
    const missing = await submit(form.id, visitAnswer({ hazardsPresent: true }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fieldErrors['mainData.hazardDetails']).toBe('required');
    const given = await submit(form.id, visitAnswer({ hazardsPresent: true, hazardDetails: 'Asbestos' }));
    expect(given.statusCode, given.body).toBe(200);
  });

  it('stores the computed total, not the one sent', async () => {
    const form = await publishedForm(t, siteVisit('Computed'));
    const res = await submit(form.id, visitAnswer({ totalCost: '999.99' }), t.admin, {
      detailData: { Attendees: [{ person: 'Ann', fee: '2.25' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(res.json().data.id);
    expect(Number(row?.main.totalCost)).toBe(17.75);
    expect(row?.search).toContain('north depot');
  });

  it('refuses a key the form does not have', async () => {
    const form = await publishedForm(t, siteVisit('Unknown key'));
    const res = await submit(form.id, visitAnswer({ salary: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors['mainData.salary']).toBe('not a field of this form');
  });

  it('stores rich text cleaned of scripts', async () => {
    const form = await publishedForm(t, siteVisit('Rich'));
    const res = await submit(form.id, visitAnswer({ notes: '<p>Gate code 4<script>alert(1)</script></p>' }));
    expect(res.statusCode, res.body).toBe(200);
    const notes = String((await stored(res.json().data.id))?.main.notes);
    expect(notes).toBe('<p>Gate code 4</p>');
  });
});

describe('who may answer', () => {
  it('refuses an answer from a caller the form’s fill roles leave out (403), and takes it once they let them in', async () => {
    const form = await publishedForm(t, siteVisit('Admins only'));
    const [admin] = await queryRows<{ id: number }>(t.database.db, sql`select id from roles where code = 'admin'`);
    const [pm] = await queryRows<{ id: number }>(t.database.db, sql`select id from roles where code = 'pm'`);
    const access = (fillRoles: number[]) => ({
      designRoles: [],
      fillRoles,
      readRoles: [],
      publicLink: { enabled: false, expiresAt: null, maxCount: null, captcha: false },
    });
    const saved = await t.data<{ version: number }>('/api/formDesign/access', {
      id: form.id,
      version: form.version,
      access: access([admin?.id ?? 0]),
    });
    const refused = await submit(form.id, visitAnswer(), t.pm);
    expect(refused.statusCode).toBe(403);
    expect((await t.get(`/api/form/open?id=${form.id}`, t.pm)).statusCode).toBe(403);
    const mine = (await t.get('/api/form/mine', t.pm)).json().data as { id: number }[];
    expect(mine.some((f) => f.id === form.id)).toBe(false);

    await t.data('/api/formDesign/access', { id: form.id, version: saved.version, access: access([pm?.id ?? 0]) });
    const taken = await submit(form.id, visitAnswer(), t.pm);
    expect(taken.statusCode, taken.body).toBe(200);
    // pm fills but reads no answers: neither listed as a reader nor a designer.
    expect((await t.post('/api/form/submissions', { id: form.id }, t.pm)).statusCode).toBe(403);
    expect((await t.get(`/api/form/submission?id=${taken.json().data.id}`, t.pm)).statusCode).toBe(403);
  });

  it('answers another tenant’s form as a missing one', async () => {
    const form = await publishedForm(t, siteVisit('Ours'));
    const res = await submit(form.id, visitAnswer(), beta.token);
    expect(res.statusCode).toBe(404);
    expect((await t.get(`/api/form/open?id=${form.id}`, beta.token)).statusCode).toBe(404);
    expect((await t.get(`/api/formDesign/get?id=${form.id}`, beta.token)).statusCode).toBe(404);
  });

  it('refuses the Forms calls to anyone signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/form/mine' })).statusCode).toBe(401);
  });
});

describe('reading the answers', () => {
  it('pages and searches them on the server, and exports them as a workbook', async () => {
    const form = await publishedForm(t, siteVisit('Read'));
    for (const site of ['Alpha 50% yard', 'Beta yard', 'Gamma'])
      await t.data('/api/form/submit', { id: form.id, version: 1, mainData: visitAnswer({ siteName: site }) });
    const page = await t.data<{ rows: { mainData: { siteName: string } }[]; total: number }>('/api/form/submissions', {
      id: form.id,
      rows: 2,
      order: 'asc',
    });
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.mainData.siteName)).toEqual(['Alpha 50% yard', 'Beta yard']);
    const found = await t.data<{ total: number }>('/api/form/submissions', { id: form.id, search: '50%' });
    expect(found.total).toBe(1);

    const res = await t.get(`/api/form/export?id=${form.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.getRow(1).values).toContain('Site name');
    expect(sheet?.rowCount).toBe(4);
    expect(wb.worksheets.map((s) => s.name)).toContain('Attendees');
  });

  it('gives a reader who may not fill the published design to lay the answers out by', async () => {
    const form = await publishedForm(t, siteVisit('Read, not filled'));
    await t.data('/api/form/submit', { id: form.id, version: 1, mainData: visitAnswer() });
    const [admin] = await queryRows<{ id: number }>(t.database.db, sql`select id from roles where code = 'admin'`);
    const [pm] = await queryRows<{ id: number }>(t.database.db, sql`select id from roles where code = 'pm'`);
    await t.data('/api/formDesign/access', {
      id: form.id,
      version: form.version,
      access: accessWith({ fillRoles: [admin?.id ?? 0], readRoles: [pm?.id ?? 0] }),
    });
    expect((await t.get(`/api/form/open?id=${form.id}`, t.pm)).statusCode).toBe(403);
    const page = await t.data<{ total: number; design: { title: { en: string }; fields: { name: string }[] } }>(
      '/api/form/submissions',
      { id: form.id },
      t.pm,
    );
    expect(page.total).toBe(1);
    expect(page.design.title.en).toBe('Read, not filled');
    expect(page.design.fields.map((f) => f.name)).toContain('siteName');
  });
});
