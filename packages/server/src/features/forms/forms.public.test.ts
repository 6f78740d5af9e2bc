import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { captchaAnswerHash, captchas } from '../../db/schema-settings.ts';
import { publishedForm, siteVisit, siteVisitWith, visitAnswer } from '../../test/forms.ts';
import { body } from '../../test/helper.ts';
import { createOtherTenant } from '../../test/tenants.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';

/** A form's public link: anyone holding it answers, within its limits, into the form's own company. */
const t = useTestApp();
const beta = madeInBeforeAll(async () => {
  const tenant = await createOtherTenant(t.database.db, 'beta', ['formDesign', 'forms']);
  return { tenantId: tenant.tenantId, token: await t.login('beta-admin', 'Other@2026') };
});

type Link = { enabled: boolean; expiresAt: string | null; maxCount: number | null; captcha: boolean };
const on: Link = { enabled: true, expiresAt: null, maxCount: null, captcha: false };

/** A published form with its link switched on as `link` says: the link's token (and the form's id). */
async function linkedForm(title: string, link: Partial<Link> = {}, token = t.admin) {
  return (await linked(title, link, token)).link;
}
async function linked(title: string, link: Partial<Link>, token: string, design = siteVisit(title)) {
  const form = await publishedForm(t, design, token);
  const saved = await t.data<{ publicToken: string }>(
    '/api/formDesign/access',
    {
      id: form.id,
      version: form.version,
      access: { designRoles: [], fillRoles: [], readRoles: [], publicLink: { ...on, ...link } },
    },
    token,
  );
  return { link: saved.publicToken, id: form.id };
}

let address = 0;
/** Each test answers from an address of its own, so one test's answers never count against another's limit. */
const visitor = () => `10.0.0.${++address}`;
const open = (link: string) => t.app.inject({ method: 'GET', url: `/api/public/form?link=${link}` });
const answer = (link: string, ip: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/form/submit',
    remoteAddress: ip,
    payload: { link, version: 1, mainData: visitAnswer(), ...extra },
  });

describe('a public link', () => {
  it('answers an unknown or switched-off link 404, and opens a live one without a sign-in', async () => {
    expect((await open('x'.repeat(32))).statusCode).toBe(404);
    const link = await linkedForm('Open');
    const res = await open(link);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.design.title.en).toBe('Open');
    expect(res.json().data.captcha).toBe(false);
  });

  it('answers 410 once it has expired', async () => {
    const link = await linkedForm('Expired', { expiresAt: new Date(t.clock.now().getTime() - 60_000).toISOString() });
    const res = await open(link);
    expect(res.statusCode).toBe(410);
    expect(body(res).message).toBe('This link has expired');
    expect(body(res).code).toBe('gone');
    const late = await answer(link, visitor());
    expect(late.statusCode).toBe(410);
    expect(body(late).code).toBe('gone');
  });

  it('answers 410 once it has taken its last answer', async () => {
    const link = await linkedForm('Two answers', { maxCount: 2 });
    const ip = visitor();
    expect((await answer(link, ip)).statusCode).toBe(200);
    expect((await answer(link, ip)).statusCode).toBe(200);
    const full = await answer(link, ip);
    expect(full.statusCode).toBe(410);
    expect(body(full).message).toBe('This form takes no more answers');
    expect(body(full).code).toBe('gone');
    expect(body(await open(link)).code).toBe('gone');
  });

  it('answers 429 past ten answers a minute from one address', async () => {
    const link = await linkedForm('Flooded');
    const ip = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await answer(link, ip)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    // Another address still gets in.
    expect((await answer(link, visitor())).statusCode).toBe(200);
  });

  it('asks for the captcha when the form says so, and takes a right answer once', async () => {
    const link = await linkedForm('Guarded', { captcha: true });
    expect((await open(link)).json().data.captcha).toBe(true);
    const ip = visitor();
    const none = await answer(link, ip);
    expect(none.statusCode).toBe(400);
    expect(body(none).code).toBe('captcha_required');
    const captchaId = randomUUID();
    await t.database.db.insert(captchas).values({
      id: captchaId,
      answerHash: captchaAnswerHash('K7P2'),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const right = await answer(link, ip, { captchaId, captchaCode: 'k7p2' });
    expect(right.statusCode, right.body).toBe(200);
    expect((await answer(link, ip, { captchaId, captchaCode: 'k7p2' })).statusCode).toBe(400);
  });

  it('stores the answer in the form’s company, with no one as its author, under the same checks', async () => {
    const { link, id } = await linked('Beta’s', {}, beta.token);
    const ip = visitor();
    const bad = await answer(link, ip, { mainData: visitAnswer({ hazardsPresent: false, hazardDetails: 'x' }) });
    expect(bad.statusCode).toBe(400);
    const res = await answer(link, ip);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await queryRows<{ tenantId: number; by: number | null }>(
      t.database.db,
      sql`select tenant_id as "tenantId", submitted_by as by from form_submissions where id = ${res.json().data.id}`,
    );
    expect(row).toEqual({ tenantId: beta.tenantId, by: null });
    // Beta's admin reads it; the platform tenant's admin finds no such form.
    expect((await t.data<{ total: number }>('/api/form/submissions', { id }, beta.token)).total).toBe(1);
    expect((await t.post('/api/form/submissions', { id })).statusCode).toBe(404);
  });
});

describe('a public link’s fields', () => {
  const design = siteVisitWith('Dictionary and files', [
    { name: 'gender', type: 'dict', dictionary: 'gender', label: { en: 'Gender', zh: '性别' } },
    { name: 'skills', type: 'dictMulti', dictionary: 'skill', label: { en: 'Skills', zh: '技能' } },
    { name: 'badge', type: 'image', label: { en: 'Badge', zh: '胸牌' } },
    { name: 'permit', type: 'file', label: { en: 'Permit', zh: '许可证' } },
  ]);

  it('carries a dictionary field’s items as its options in both languages, and takes one of them', async () => {
    const { link } = await linked('Dictionary', {}, t.admin, design);
    const res = await open(link);
    expect(res.statusCode, res.body).toBe(200);
    const fields = res.json().data.design.fields as { name: string; options?: unknown[] }[];
    expect(fields.find((f) => f.name === 'gender')?.options).toEqual([
      { value: 'male', label: { en: 'Male', zh: '男' } },
      { value: 'female', label: { en: 'Female', zh: '女' } },
    ]);
    expect(fields.find((f) => f.name === 'skills')?.options).toContainEqual({
      value: 'security',
      label: { en: 'Security', zh: '安全' },
    });
    const sent = await answer(link, visitor(), { mainData: visitAnswer({ gender: 'female', skills: ['security'] }) });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('refuses any file or image value: a visitor has no uploads', async () => {
    const { link } = await linked('No files', {}, t.admin, design);
    const res = await answer(link, visitor(), {
      mainData: visitAnswer({ badge: '00000000-0000-4000-8000-000000000000', permit: 'anything' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors).toEqual({
      'mainData.badge': 'a public link takes no files: sign in to attach them',
      'mainData.permit': 'a public link takes no files: sign in to attach them',
    });
    expect((await answer(link, visitor(), { mainData: visitAnswer({ badge: null }) })).statusCode).toBe(200);
  });
});
