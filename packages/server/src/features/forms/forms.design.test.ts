import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { publishedForm, siteVisit, siteVisitWith, visitAnswer } from '../../test/forms.ts';
import { body } from '../../test/helper.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/** The form designer over HTTP: what a design may say, its versions, and who may change it. */
const t = useTestApp({ pm: true, otherTenant: true });

const fieldErrorsOf = (res: LightMyRequestResponse) => res.json().data.fieldErrors as Record<string, string>;

describe('a design is checked before it is saved', () => {
  it('refuses a field placed on the form that the form does not have, naming it', async () => {
    const design = siteVisit();
    const res = await t.post('/api/formDesign/add', {
      design: { ...design, items: [...design.items, { kind: 'field', id: 'x1', name: 'ghost' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('The design has errors');
    expect(Object.values(fieldErrorsOf(res))).toContain('no field named ghost');
  });

  it('refuses computed values that read each other in a circle', async () => {
    const design = siteVisit();
    const fields = (design.fields ?? []).map((f) =>
      f.name === 'travelCost' ? { ...f, computed: 'totalCost + 1' } : f,
    );
    const res = await t.post('/api/formDesign/add', { design: { ...design, fields } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res).computed).toMatch(/in a circle/);
  });

  it('refuses a rule that names a field the form does not have', async () => {
    const design = siteVisit();
    const rule = { id: 'r9', match: 'all', when: [], actions: [{ action: 'require', target: 'nowhere' }] };
    const res = await t.post('/api/formDesign/add', { design: { ...design, rules: [rule] } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)['rules.0.actions.0.target']).toMatch(/nowhere/);
  });

  it('refuses a rule on a role or organisation the company does not have (another company’s ids included)', async () => {
    const rule = {
      id: 'r8',
      match: 'any',
      when: [
        { subject: 'role', op: 'in', value: [999_998] },
        { subject: 'organization', op: 'notIn', value: [999_997] },
      ],
      actions: [{ action: 'require', target: 'siteName' }],
    };
    const res = await t.post('/api/formDesign/add', { design: { ...siteVisit('Foreign ids'), rules: [rule] } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)['rules.0.when.0.value']).toBe('no role 999998 in this company');
    expect(fieldErrorsOf(res)['rules.0.when.1.value']).toBe('no organization 999997 in this company');
  });

  it('refuses a pattern that repeats a repeat, which a short answer could keep the server busy on for minutes', async () => {
    const res = await t.post('/api/formDesign/add', {
      design: siteVisitWith('Slow pattern', [
        { name: 'code', type: 'string', label: { en: 'Code', zh: '' }, pattern: '^(a+)+$' },
        { name: 'plain', type: 'string', label: { en: 'Plain', zh: '' }, pattern: '^(ab|cd)+[0-9]{2,4}$' },
      ]),
    });
    expect(res.statusCode).toBe(400);
    const errors = fieldErrorsOf(res);
    expect(Object.keys(errors)).toHaveLength(1);
    expect(Object.entries(errors)[0]?.[1]).toMatch(/repeat inside a repeat/);
  });

  it('refuses a form bound to an entity that does not exist', async () => {
    const res = await t.post('/api/formDesign/add', {
      design: { title: { en: 'Ghost', zh: '' }, entity: 'NoSuchThing', items: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res).entity).toMatch(/NoSuchThing/);
  });
});

describe('versions', () => {
  it('publishes each change as the next version, and each answer records the version it was filled with', async () => {
    const form = await publishedForm(t, siteVisit('Versioned'));
    expect(form.publishedVersion).toBe(1);
    const first = await t.data<{ id: number }>('/api/form/submit', {
      id: form.id,
      version: 1,
      mainData: visitAnswer(),
    });
    const again = await t.post('/api/formDesign/publish', { id: form.id, version: form.version });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toMatch(/^Nothing to publish/);

    const changed = siteVisit('Versioned, second edition');
    const saved = await t.data<{ version: number }>('/api/formDesign/save', {
      id: form.id,
      version: form.version,
      design: changed,
    });
    const second = await t.data<{ publishedVersion: number }>('/api/formDesign/publish', {
      id: form.id,
      version: saved.version,
    });
    expect(second.publishedVersion).toBe(2);
    const stale = await t.post('/api/form/submit', { id: form.id, version: 1, mainData: visitAnswer() });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).message).toBe('The form was published again: reload it');
    const later = await t.data<{ id: number }>('/api/form/submit', {
      id: form.id,
      version: 2,
      mainData: visitAnswer(),
    });

    const versionOf = async (id: number) =>
      ((await t.get(`/api/form/submission?id=${id}`)).json().data as { formVersion: number }).formVersion;
    expect(await versionOf(first.id)).toBe(1);
    expect(await versionOf(later.id)).toBe(2);
    const versions = (await t.get(`/api/formDesign/versions?id=${form.id}`)).json().data as {
      version: number;
      submissions: number;
    }[];
    expect(versions.map((v) => [v.version, v.submissions])).toEqual([
      [2, 1],
      [1, 1],
    ]);
  });

  it('reverts the draft to an old version, which then publishes as a new one', async () => {
    const form = await publishedForm(t, siteVisit('Reverted'));
    const saved = await t.data<{ version: number }>('/api/formDesign/save', {
      id: form.id,
      version: form.version,
      design: siteVisit('Reverted, changed'),
    });
    const reverted = await t.data<{ version: number }>('/api/formDesign/revert', {
      id: form.id,
      version: saved.version,
      toVersion: 1,
    });
    const detail = (await t.get(`/api/formDesign/get?id=${form.id}`)).json().data;
    const old = (await t.get(`/api/formDesign/version?id=${form.id}&version=1`)).json().data;
    expect(detail.draft).toEqual(old.design);
    expect(detail.version).toBe(reverted.version);
    const listed = (await t.get('/api/formDesign/list')).json().data as { id: number; status: string }[];
    expect(listed.find((f) => f.id === form.id)?.status).toBe('published');
  });

  it('refuses a save over a version someone else saved since (409)', async () => {
    const made = await t.data<{ id: number; version: number }>('/api/formDesign/add', { design: siteVisit('Raced') });
    const one = await t.post('/api/formDesign/save', { id: made.id, version: made.version, design: siteVisit('A') });
    const two = await t.post('/api/formDesign/save', { id: made.id, version: made.version, design: siteVisit('B') });
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(409);
    expect((await t.get(`/api/formDesign/get?id=${made.id}`)).json().data.draft.title.en).toBe('A');
  });
});

describe('who may change a form', () => {
  it('refuses the designer’s calls to a caller without its grant, and answers another tenant’s form as missing', async () => {
    const form = await publishedForm(t, siteVisit('Guarded'));
    for (const [method, url] of [
      ['GET', '/api/formDesign/list'],
      ['GET', `/api/formDesign/get?id=${form.id}`],
      ['POST', '/api/formDesign/add'],
      ['POST', '/api/formDesign/publish'],
      ['POST', '/api/formDesign/del'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${t.pm}` },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, url).toBe(403);
    }
    // acme's package holds no form designer: its admin is refused before any form is looked up.
    expect((await t.get(`/api/formDesign/get?id=${form.id}`, t.acmeAdmin)).statusCode).toBe(403);
  });

  it('refuses a role of another tenant in the access lists, and makes a link token once', async () => {
    const made = await t.data<{ id: number; version: number }>('/api/formDesign/add', { design: siteVisit('Linked') });
    const foreign = await t.post('/api/formDesign/access', {
      id: made.id,
      version: made.version,
      access: {
        designRoles: [],
        fillRoles: [999_999],
        readRoles: [],
        publicLink: { enabled: false, expiresAt: null, maxCount: null, captcha: false },
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect(fieldErrorsOf(foreign).fillRoles).toMatch(/999999/);
    const link = { enabled: true, expiresAt: null, maxCount: null, captcha: false };
    const on = await t.data<{ version: number; publicToken: string }>('/api/formDesign/access', {
      id: made.id,
      version: made.version,
      access: { designRoles: [], fillRoles: [], readRoles: [], publicLink: link },
    });
    expect(on.publicToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const again = await t.data<{ publicToken: string }>('/api/formDesign/access', {
      id: made.id,
      version: on.version,
      access: { designRoles: [], fillRoles: [], readRoles: [], publicLink: { ...link, captcha: true } },
    });
    expect(again.publicToken).toBe(on.publicToken);
  });

  it('refuses to delete a form with answers, saying how many, and deletes one without', async () => {
    const form = await publishedForm(t, siteVisit('Answered'));
    await t.data('/api/form/submit', { id: form.id, version: 1, mainData: visitAnswer() });
    const refused = await t.post('/api/formDesign/del', { id: form.id });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toMatch(/1 answer/);
    const empty = await t.data<{ id: number }>('/api/formDesign/add', { design: siteVisit('Empty') });
    expect((await t.post('/api/formDesign/del', { id: empty.id })).statusCode).toBe(200);
    expect((await t.get(`/api/formDesign/get?id=${empty.id}`)).statusCode).toBe(404);
  });
});

describe('a designer who is not a super admin', () => {
  it('is held to the form’s design roles, and binds no form to an entity it may not open', async () => {
    // pm becomes a designer: the designer's Search, Add and Update granted to its role.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('app.tenant_id', (select id::text from tenants where code = 'default'), true)`,
      );
      await tx.execute(sql`insert into role_menus (role_id, menu_id)
        select r.id, m.id from roles r, menus m where r.code = 'pm' and m.code = 'formDesign' on conflict do nothing`);
      await tx.execute(sql`insert into role_grants (role_id, menu_id, button_id)
        select r.id, m.id, b.id from roles r, menus m, buttons b
        where r.code = 'pm' and m.code = 'formDesign' and b.code in ('Search', 'Add', 'Update') on conflict do nothing`);
    });
    const [admin] = await queryRows<{ id: number }>(t.database.db, sql`select id from roles where code = 'admin'`);
    const made = await t.data<{ id: number; version: number }>('/api/formDesign/add', { design: siteVisit('Kept') });
    const saved = await t.data<{ version: number }>('/api/formDesign/access', {
      id: made.id,
      version: made.version,
      access: {
        designRoles: [admin?.id ?? 0],
        fillRoles: [],
        readRoles: [],
        publicLink: { enabled: false, expiresAt: null, maxCount: null, captcha: false },
      },
    });
    const refused = await t.post(
      '/api/formDesign/save',
      { id: made.id, version: saved.version, design: siteVisit('Taken over') },
      t.pm,
    );
    expect(refused.statusCode).toBe(403);
    const own = await t.post('/api/formDesign/add', { design: siteVisit('Pm’s own') }, t.pm);
    expect(own.statusCode, own.body).toBe(200);

    // Dictionary is a screen pm is not granted: its dialog is not pm's to lay out.
    const bound = await t.post(
      '/api/formDesign/add',
      { design: { title: { en: 'Dictionary dialog', zh: '' }, entity: 'Dictionary', items: [] } },
      t.pm,
    );
    expect(bound.statusCode).toBe(403);
  });
});
