import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createOtherTenant } from '../../test/tenants.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';

/** The designer's pick lists: under its own grant, each of the caller's company only. */
const t = useTestApp();
const beta = madeInBeforeAll(async () => {
  await createOtherTenant(t.database.db, 'beta', ['formDesign', 'forms']);
  return { token: await t.login('beta-admin', 'Other@2026') };
});

const list = async <T>(what: string, token = t.admin) => {
  const res = await t.get(`/api/formDesign/${what}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T[];
};
const ids = async (table: 'roles' | 'organizations') =>
  (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from ${sql.raw(table)} where tenant_id = (select tenant_id from users where user_name = 'admin')`,
    )
  ).map((r) => Number(r.id));

describe('the designer’s pick lists', () => {
  it('lists the company’s roles by id and name, and none of another company’s', async () => {
    const roles = await list<{ id: number; name: string }>('roles');
    const ours = await ids('roles');
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.every((r) => ours.includes(r.id) && r.name.length > 0)).toBe(true);
    const theirs = await list<{ id: number }>('roles', beta.token);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((r) => ours.includes(r.id))).toBe(false);
  });

  it('lists the company’s dictionaries by code and name', async () => {
    const dictionaries = await list<{ code: string; name: string }>('dictionaries');
    expect(dictionaries).toContainEqual({ code: 'gender', name: 'Gender' });
  });

  it('lists the company’s organisations as a tree by parentId, named in the reader’s language', async () => {
    const organizations = await list<{ id: number; name: string; parentId: number | null }>('organizations');
    const ours = await ids('organizations');
    expect(organizations.map((o) => o.id).sort()).toEqual([...ours].sort());
    expect(organizations.some((o) => o.parentId === null)).toBe(true);
    expect(organizations.every((o) => o.parentId === null || ours.includes(o.parentId))).toBe(true);
    expect(await list<{ id: number }>('organizations', beta.token)).not.toContainEqual(
      expect.objectContaining({ id: ours[0] }),
    );
  });

  it('is refused to a user without the designer’s grant', async () => {
    const pm = await t.login('pm', 'Pm@2026');
    for (const what of ['roles', 'dictionaries', 'organizations'])
      expect((await t.get(`/api/formDesign/${what}`, pm)).statusCode).toBe(403);
  });
});
