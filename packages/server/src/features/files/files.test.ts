import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, tenants, users } from '../../db/schema.ts';
import { bearer, body, createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let admin: string;
let pm: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@2026');
  pm = await t.login('pm', 'Pm@2026');
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Part = { name: string; bytes: Buffer; type?: string };
function multipart(parts: Part[]) {
  const boundary = '----trestle-files-boundary';
  const payload = Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.name}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      p.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (parts: Part[], token = admin) => {
  const m = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/Employee/upload',
    headers: { ...m.headers, ...bearer(token) },
    payload: m.payload,
  });
};

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

    const got = await t.app.inject({ method: 'GET', url: png?.url ?? '', headers: bearer(pm) });
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
    expect((await upload([{ name: 'a.png', bytes: PNG }], pm)).statusCode).toBe(403);
  });

  it("answers 404 for another tenant's file and for a malformed key", async () => {
    const db = t.database.db;
    const [other] = await db.insert(tenants).values({ code: 'other', name: 'Other company' }).returning();
    if (!other) throw new Error('no tenant');
    const [stranger] = await db
      .insert(users)
      .values({ tenantId: other.id, userName: 'stranger', userKey: 'stranger', userTrueName: 'S', passwordHash: 'x' })
      .returning();
    if (!stranger) throw new Error('no user');
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
      tenantId: other.id,
      key,
      name: 'secret.png',
      size: PNG.length,
      type: 'image/png',
      entity: 'Employee',
      uploadedBy: stranger.id,
      uploadedAt: at,
    });
    for (const url of [`/api/file/${key}`, '/api/file/..%2F..%2Ftoken-secret', '/api/file/x']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(res.statusCode).toBe(404);
    }
  });
});
