import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, users } from '../../db/schema.ts';
import { createFileStore, objectStoreOf } from '../../platform/files.store.ts';
import { bearer, body } from '../../test/helper.ts';
import { type Part, PNG, postFiles } from '../../test/multipart.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { adoptLegacyAvatars } from './avatars.ts';

const t = useTestApp({ otherTenant: true });

/** The avatar upload of one file in `field`. */
const upload = (part: Part, token = t.admin, field = 'file') =>
  postFiles(t.app, '/api/user/uploadAvatar', token, [part], field);

describe('GET /api/user/getCurrentUserInfo', () => {
  it('describes the signed-in user with tenant, organisation and roles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/getCurrentUserInfo', headers: bearer(t.admin) });
    expect(body(res).data).toMatchObject({
      userName: 'admin',
      tenant: { code: 'default' },
      organization: { name: 'Headquarters' },
      roles: [{ name: 'Super admin' }, { name: 'Staff' }],
      mustChangePassword: false,
    });
  });
});

describe('POST /api/user/updateProfile', () => {
  it('saves valid values and refuses bad ones with field errors', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/updateProfile',
      headers: bearer(t.admin),
      payload: { userTrueName: 'Ada Admin', phone: '13700001111', email: 'ada@example.com' },
    });
    expect(body(ok).data).toMatchObject({ userTrueName: 'Ada Admin', phone: '13700001111' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/updateProfile',
      headers: bearer(t.admin),
      payload: { userTrueName: '', phone: '23700001111', email: 'x', role: 'admin' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((body(bad).data as { fieldErrors: object }).fieldErrors).sort()).toEqual(
      ['email', 'phone', 'role', 'userTrueName'].sort(),
    );
  });
});

describe('avatars', () => {
  const get = (url: string, token = t.admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const me = async (token = t.admin) =>
    body(await get('/api/user/getCurrentUserInfo', token)).data as { id: number; img: string };

  it("stores a PNG as a file of the user's tenant, serves it back as an attachment, and removes it", async () => {
    const res = await upload({ name: 'me.png', bytes: PNG, type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const { img } = body(res).data as { img: string };
    expect(img).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((await me()).img).toBe(img);

    const got = await get(`/api/user/avatar/${img}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toBe('attachment');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    const [row] = await t.database.db.select().from(files).where(eq(files.key, img));
    expect(row).toMatchObject({ entity: 'UserInfo', recordEntity: 'User', recordKey: (await me()).id });

    // A new avatar replaces the old one: the old file is gone.
    const second = body(await upload({ name: 'me2.png', bytes: PNG, type: 'image/png' })).data as { img: string };
    expect((await get(`/api/user/avatar/${img}`)).statusCode).toBe(404);
    expect((await get(`/api/user/avatar/${second.img}`)).statusCode).toBe(200);

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/removeAvatar', headers: bearer(t.admin) })).statusCode,
    ).toBe(200);
    expect((await get(`/api/user/avatar/${second.img}`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(files).where(eq(files.key, second.img))).toHaveLength(0);
  });

  it("answers 404 for another tenant's avatar, exactly as for a missing one", async () => {
    const { img } = body(await upload({ name: 'mine.png', bytes: PNG, type: 'image/png' })).data as { img: string };
    expect((await get(`/api/user/avatar/${img}`)).statusCode).toBe(200);
    const foreign = await get(`/api/user/avatar/${img}`, t.acmeAdmin);
    const missing = await get('/api/user/avatar/00000000-0000-4000-8000-000000000000', t.acmeAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await get(`/api/file/${img}`, t.acmeAdmin)).statusCode).toBe(404);
  });

  it('serves only avatars on the avatar route, not the other uploads of the tenant', async () => {
    const res = await postFiles(t.app, '/api/Employee/upload', t.admin, [
      { name: 'doc.png', bytes: PNG, type: 'image/png' },
    ]);
    const [photo] = body(res).data as { key: string }[];
    expect((await get(`/api/user/avatar/${photo?.key}`)).statusCode).toBe(404);
  });

  it('moves an avatar of the old shared folder into its tenant and clears any other value', async () => {
    const db = t.database.db;
    const legacy = '0b7c9d5e-1234-4abc-8def-0123456789ab.png';
    mkdirSync(path.join(t.config.dataDir, 'avatars'), { recursive: true });
    writeFileSync(path.join(t.config.dataDir, 'avatars', legacy), PNG);
    await db
      .update(users)
      .set({ img: `/api/user/avatar/${legacy}` })
      .where(eq(users.userName, 'pm'));
    await db.update(users).set({ img: 'https://evil.example/me.png' }).where(eq(users.userName, 'acme-admin'));
    const store = createFileStore(t.database.app, objectStoreOf(t.config), () => new Date());
    await adoptLegacyAvatars({ db: t.database.app, files: store, dataDir: t.config.dataDir });

    const pm = await t.login('pm', 'Pm@2026');
    const { img } = await me(pm);
    expect(img).toMatch(/^[0-9a-f-]{36}$/);
    const got = await get(`/api/user/avatar/${img}`, pm);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect((await me(t.acmeAdmin)).img).toBe('');
    // Done once: a second run finds nothing left to move.
    await adoptLegacyAvatars({ db: t.database.app, files: store, dataDir: t.config.dataDir });
    expect((await me(pm)).img).toBe(img);
  });

  it('judges the type by content: an SVG or a script named .png is refused', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const part of [
      { name: 'x.svg', bytes: svg, type: 'image/svg+xml' },
      { name: 'x.png', bytes: svg, type: 'image/png' },
    ]) {
      const res = await upload(part);
      expect(res.statusCode).toBe(400);
      expect(body(res).data).toEqual({ fieldErrors: { file: 'not a supported image' } });
    }
  });

  it('refuses a file over 2 MB with 413, a wrong field and a non-multipart body with 400', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expect((await upload({ name: 'big.png', bytes: big, type: 'image/png' })).statusCode).toBe(413);
    expect((await upload({ name: 'me.png', bytes: PNG, type: 'image/png' }, t.admin, 'other')).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/user/uploadAvatar',
      headers: bearer(t.admin),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('never builds a path from a bad key', async () => {
    for (const key of ['..%2F..%2Fetc%2Fpasswd', '..%2Ftoken-secret', 'x.png']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/user/avatar/${key}`, headers: bearer(t.admin) });
      expect(res.statusCode).toBe(404);
    }
  });
});
