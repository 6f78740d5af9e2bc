import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { bearer, body } from '../../test/helper.ts';
import { multipart, type Part, PDF, PNG, postFiles } from '../../test/multipart.ts';
import { addBareTenant, addTenantUser } from '../../test/tenants.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp({ pm: true });

const upload = (parts: Part[], token = t.admin, url = '/api/Employee/upload') => postFiles(t.app, url, token, parts);

type Stored = { key: string; name: string; size: number; type: string; url: string };

describe('POST /api/<Entity>/upload and GET /api/file/:key', () => {
  it('stores a PNG and a text file, and serves each back as a sandboxed attachment', async () => {
    const res = await upload([
      { name: '照片 <me>.png', bytes: PNG, type: 'text/html' },
      { name: '../notes.txt', bytes: Buffer.from('hello, 世界\n') },
    ]);
    expect(res.statusCode).toBe(200);
    const [png, txt] = body(res).data as Stored[];
    expect(png).toMatchObject({ name: '照片 me.png', size: PNG.length, type: 'image/png' });
    expect(png?.url).toBe(`/api/file/${png?.key}`);
    expect(txt).toMatchObject({ name: 'notes.txt', type: 'text/plain' });

    const got = await t.app.inject({ method: 'GET', url: png?.url ?? '', headers: bearer(t.pm) });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="__ me.png"; filename*=UTF-8''${encodeURIComponent('照片 me.png')}`,
    );
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe('sandbox');
  });

  it('refuses SVG, HTML and executables by content, naming the file', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: Part[] = [
      { name: 'logo.svg', bytes: svg, type: 'image/svg+xml' },
      { name: 'logo.png', bytes: svg, type: 'image/png' },
      { name: 'page.html', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'tool.exe', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00]) },
      { name: 'archive.zip', bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]) },
    ];
    for (const part of cases) {
      const res = await upload([{ name: 'ok.png', bytes: PNG }, part]);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toContain(part.name);
    }
  });

  it('refuses a file over 10 MB with 413, and needs the Upload grant', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);
    expect((await upload([{ name: 'big.png', bytes: big }])).statusCode).toBe(413);
    expect((await upload([{ name: 'a.png', bytes: PNG }], t.pm)).statusCode).toBe(403);
  });

  it("answers 404 for another tenant's file and for a malformed key", async () => {
    const db = t.database.db;
    const other = await addBareTenant(db);
    const stranger = await addTenantUser(db, other, 'stranger', 'S');
    const key = randomUUID();
    const at = new Date();
    const dir = path.join(
      t.config.dataDir,
      'files',
      String(at.getUTCFullYear()),
      String(at.getUTCMonth() + 1).padStart(2, '0'),
    );
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, key), PNG);
    await db.insert(files).values({
      tenantId: other,
      key,
      name: 'secret.png',
      size: PNG.length,
      type: 'image/png',
      entity: 'Employee',
      uploadedBy: stranger,
      uploadedAt: at,
    });
    for (const url of [`/api/file/${key}`, '/api/file/..%2F..%2Ftoken-secret', '/api/file/x']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(t.admin) });
      expect(res.statusCode).toBe(404);
    }
  });
});

type Listed = {
  key: string;
  name: string;
  type: string;
  size: number;
  uploaderName: string | null;
  recordEntity: string | null;
  recordKey: number | null;
  url: string;
};
const list = async (payload: object, token = t.admin) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/File/getPageData', payload, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as { rows: Listed[]; total: number };
};
const objectPath = (key: string) => {
  const at = new Date();
  return path.join(
    t.config.dataDir,
    'files',
    String(at.getUTCFullYear()),
    String(at.getUTCMonth() + 1).padStart(2, '0'),
    key,
  );
};

describe('the file registry (/File)', () => {
  it('lists the tenant’s files with uploader and type, searched and sorted on the server', async () => {
    await upload([
      { name: 'registry-photo.png', bytes: PNG },
      { name: 'registry-manual.pdf', bytes: PDF },
    ]);
    const all = await list({ name: 'registry-', sort: 'name', order: 'asc' });
    expect(all.total).toBe(2);
    expect(all.rows.map((r) => r.name)).toEqual(['registry-manual.pdf', 'registry-photo.png']);
    expect(all.rows[0]).toMatchObject({ type: 'application/pdf', size: PDF.length, uploaderName: 'admin' });
    expect(all.rows[0]?.url).toBe(`/api/file/${all.rows[0]?.key}`);
    const pdfs = await list({ name: 'registry-', type: 'pdf' });
    expect(pdfs.rows.map((r) => r.name)).toEqual(['registry-manual.pdf']);
    expect((await list({ name: 'registry-', from: '2999-01-01T00:00:00.000Z' })).total).toBe(0);
    const paged = await list({ name: 'registry-', rows: 1, page: 2, sort: 'name', order: 'asc' });
    expect(paged).toMatchObject({ total: 2, rows: [{ name: 'registry-photo.png' }] });
  });

  it('takes an upload of its own (POST /api/File/upload) under the File menu’s Upload grant, with the same checks', async () => {
    const res = await upload([{ name: 'registry-own.pdf', bytes: PDF }], t.admin, '/api/File/upload');
    expect(res.statusCode).toBe(200);
    const [own] = body(res).data as Stored[];
    expect(own).toMatchObject({ name: 'registry-own.pdf', type: 'application/pdf', size: PDF.length });
    expect((await list({ name: 'registry-own' })).rows).toMatchObject([{ key: own?.key, entity: 'File' }]);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await upload([{ name: 'x.png', bytes: svg, type: 'image/png' }], t.admin, '/api/File/upload');
    expect(refused.statusCode).toBe(400);
    expect(body(refused).data).toMatchObject({ fieldErrors: { file: 'type not allowed' } });
    expect((await upload([{ name: 'a.png', bytes: PNG }], t.pm, '/api/File/upload')).statusCode).toBe(403);
    const anonymous = multipart([{ name: 'a.png', bytes: PNG }]);
    const noToken = await t.app.inject({ method: 'POST', url: '/api/File/upload', ...anonymous });
    expect(noToken.statusCode).toBe(401);
    expect((await list({ name: 'x.png' })).total).toBe(0);
  });

  it('links a file to the record whose saved value holds its key', async () => {
    const [photo] = body(await upload([{ name: 'linked.png', bytes: PNG }])).data as Stored[];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Employee/add',
      headers: bearer(t.admin),
      payload: {
        mainData: {
          code: 'F9001',
          name: 'File Link',
          gender: 'female',
          hireDate: '2024-01-01',
          status: 'active',
          photo: photo?.key,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const key = (body(res).data as { key: number }).key;
    const [row] = (await list({ name: 'linked.png' })).rows;
    expect(row).toMatchObject({ recordEntity: 'Employee', recordKey: key });
  });

  it('deletes the row and the stored object; another tenant’s key is left alone', async () => {
    const [doomed] = body(await upload([{ name: 'doomed.pdf', bytes: PDF }])).data as Stored[];
    if (!doomed) throw new Error('no upload');
    expect(existsSync(objectPath(doomed.key))).toBe(true);
    const del = (keys: string[], token = t.admin) =>
      t.app.inject({ method: 'POST', url: '/api/File/del', payload: { keys }, headers: bearer(token) });
    expect((await del([doomed.key], t.pm)).statusCode).toBe(403);
    const res = await del([doomed.key]);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toEqual({ count: 1 });
    expect(existsSync(objectPath(doomed.key))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: doomed.url, headers: bearer(t.admin) })).statusCode).toBe(404);
    expect((await list({ name: 'doomed.pdf' })).total).toBe(0);
    // The other tenant's file from the test above survives a delete by the admin of this tenant.
    const [foreign] = await t.database.db.select().from(files).where(eq(files.name, 'secret.png'));
    if (!foreign) throw new Error('no foreign file');
    expect(body(await del([foreign.key])).data).toEqual({ count: 0 });
    expect((await t.database.db.select().from(files).where(eq(files.key, foreign.key))).length).toBe(1);
  });

  it('answers 404 (the client says "No information for this file was obtained") when the stored object is gone', async () => {
    const [lost] = body(await upload([{ name: 'lost.png', bytes: PNG }])).data as Stored[];
    if (!lost) throw new Error('no upload');
    rmSync(objectPath(lost.key));
    const res = await t.app.inject({ method: 'GET', url: lost.url, headers: bearer(t.admin) });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('refuses bad input with field errors, pm with 403 and anonymous callers with 401', async () => {
    const bad = async (payload: unknown, field: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/File/getPageData',
        payload: payload as object,
        headers: bearer(t.admin),
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(body(res).data)).toContain(field);
    };
    await bad({ rows: 501 }, 'rows');
    await bad({ sort: 'password' }, 'sort');
    await bad({ name: 'x'.repeat(201) }, 'name');
    await bad({ from: 'yesterday' }, 'from');
    await bad({ extra: 1 }, 'extra');
    const delBad = await t.app.inject({
      method: 'POST',
      url: '/api/File/del',
      payload: { keys: ['../x'] },
      headers: bearer(t.admin),
    });
    expect(delBad.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/File/del',
      payload: { keys: [] },
      headers: bearer(t.admin),
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/File/getPageData', payload: {}, headers: bearer(t.pm) }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/File/getPageData', payload: {} })).statusCode).toBe(401);
  });
});
