import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageResult } from '@trestle/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { employees, files } from '../db/schema.ts';
import { bearer, body } from '../test/helper.ts';
import { type Part, PDF, PNG, postFiles } from '../test/multipart.ts';
import { useTestApp } from '../test/use-test-app.ts';

const t = useTestApp({ otherTenant: true });

const post = (url: string, payload: unknown, token = t.admin) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

async function upload(part: Part, token = t.admin): Promise<string> {
  const res = await postFiles(t.app, '/api/Employee/upload', token, [part]);
  expect(res.statusCode, res.body).toBe(200);
  const [stored] = body(res).data as { key: string }[];
  if (!stored) throw new Error('no upload');
  return stored.key;
}

let serial = 0;
const employee = (photo: unknown) => ({
  mainData: {
    code: `P${String(++serial).padStart(4, '0')}`,
    name: 'Photo test',
    gender: 'female',
    hireDate: '2024-01-01',
    status: 'active',
    photo,
  },
});

const refusal = {
  status: false,
  code: 'bad_request',
  data: { fieldErrors: { 'mainData.photo': 'not an uploaded file' } },
};

describe('image fields hold keys of files uploaded to the tenant', () => {
  it("refuses another tenant's key exactly like a key nobody uploaded", async () => {
    const acmeKey = await upload({ name: 'acme.png', bytes: PNG }, t.acmeAdmin);
    const foreign = await post('/api/Employee/add', employee(acmeKey));
    const missing = await post('/api/Employee/add', employee(randomUUID()));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject(refusal);
    expect(missing.statusCode).toBe(400);
    expect(foreign.json()).toEqual(missing.json());
    // acme itself may use its own key.
    expect((await post('/api/Employee/add', employee(acmeKey), t.acmeAdmin)).statusCode).toBe(200);
  });

  it.each([
    'https://evil.example/track.png',
    'http://127.0.0.1:3000/api/user/getCurrentUserInfo',
    '//evil.example/x.png',
    '/api/file/../user/getCurrentUserInfo',
    'data:image/png;base64,iVBORw0KGgo=',
  ])('refuses the address %s with 400 on the field', async (photo) => {
    const res = await post('/api/Employee/add', employee(photo));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(refusal);
  });

  it("refuses the old '/api/file/<key>' form and a PDF in an image field, even of this tenant", async () => {
    const png = await upload({ name: 'mine.png', bytes: PNG });
    const pdf = await upload({ name: 'mine.pdf', bytes: PDF });
    for (const photo of [`/api/file/${png}`, pdf, `${png},${png}`]) {
      const res = await post('/api/Employee/add', employee(photo));
      expect(res.statusCode, photo).toBe(400);
      expect(res.json()).toMatchObject(refusal);
    }
  });

  it("takes a key of this tenant's upload, and the list gives back the key, which the file route serves", async () => {
    const key = await upload({ name: 'face.png', bytes: PNG });
    const res = await post('/api/Employee/add', employee(key));
    expect(res.statusCode, res.body).toBe(200);
    const id = (body(res).data as { key: number }).key;
    const list = await post('/api/Employee/getPageData', { wheres: [{ name: 'id', value: id, displayType: 'eq' }] });
    const [row] = (body(list).data as PageResult).rows;
    expect(row?.photo).toBe(key);
    const got = await t.app.inject({ method: 'GET', url: `/api/file/${String(row?.photo)}`, headers: bearer(t.admin) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    // The registry links the file to the record that holds its key.
    const [linked] = await t.database.db.select().from(files).where(eq(files.key, key));
    expect(linked).toMatchObject({ recordEntity: 'Employee', recordKey: id });
  });

  it('checks an update that changes the photo, and lets one keep a photo deleted since', async () => {
    const key = await upload({ name: 'kept.png', bytes: PNG });
    const added = await post('/api/Employee/add', employee(key));
    const id = (body(added).data as { key: number }).key;
    const acmeKey = await upload({ name: 'acme2.png', bytes: PNG }, t.acmeAdmin);
    const foreign = await post('/api/Employee/update', { mainData: { id, version: 1, photo: acmeKey } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject(refusal);
    expect((await post('/api/File/del', { keys: [key] })).statusCode).toBe(200);
    const same = await post('/api/Employee/update', { mainData: { id, version: 1, photo: key, name: 'Renamed' } });
    expect(same.statusCode, same.body).toBe(200);
    const cleared = await post('/api/Employee/update', { mainData: { id, version: 2, photo: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
  });
});

describe('migration 0020', () => {
  it("turns '/api/file/<key>' values into keys and clears addresses, paths and other tenants' keys", async () => {
    const db = t.database.db;
    const own = await upload({ name: 'legacy.png', bytes: PNG });
    const acmeKey = await upload({ name: 'acme3.png', bytes: PNG }, t.acmeAdmin);
    const values = [`/api/file/${own}`, 'https://evil.example/a.png', '/uploads/a.png', acmeKey, randomUUID()];
    const ids: number[] = [];
    for (const photo of values) {
      const added = await post('/api/Employee/add', employee(null));
      const id = (body(added).data as { key: number }).key;
      ids.push(id);
      // Written by the owner, as an older version of the server let them through.
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('app.tenant_id', (select tenant_id::text from employees where id = ${id}), true)`,
        );
        await tx.update(employees).set({ photo }).where(eq(employees.id, id));
      });
    }
    const here = path.dirname(fileURLToPath(import.meta.url));
    const migration = readFileSync(path.join(here, '../../drizzle/0020_file_keys.sql'), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });
    const rows = await queryRows<{ id: number; photo: string | null }>(
      db,
      sql`select id, photo from employees where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
    );
    expect(rows.map((r) => r.photo)).toEqual([own, null, null, null, null]);
  });
});
