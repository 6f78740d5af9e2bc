import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'Admin@2026');
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, name: string, type: string, bytes: Buffer) {
  const boundary = '----trestle-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (part: ReturnType<typeof multipart>, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/uploadAvatar',
    payload: part.payload,
    headers: { ...part.headers, ...bearer(token) },
  });

describe('GET /api/user/getCurrentUserInfo', () => {
  it('describes the signed-in user with tenant, organisation and roles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/getCurrentUserInfo', headers: bearer(admin) });
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
      headers: bearer(admin),
      payload: { userTrueName: 'Ada Admin', phone: '13700001111', email: 'ada@example.com' },
    });
    expect(body(ok).data).toMatchObject({ userTrueName: 'Ada Admin', phone: '13700001111' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/updateProfile',
      headers: bearer(admin),
      payload: { userTrueName: '', phone: '23700001111', email: 'x', role: 'admin' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((body(bad).data as { fieldErrors: object }).fieldErrors).sort()).toEqual(
      ['email', 'phone', 'role', 'userTrueName'].sort(),
    );
  });
});

describe('avatars', () => {
  it('stores a PNG, serves it back as an attachment, and removes it', async () => {
    const res = await upload(multipart('file', 'me.png', 'image/png', PNG));
    expect(res.statusCode).toBe(200);
    const { img } = body(res).data as { img: string };
    expect(img).toMatch(/^\/api\/user\/avatar\/[0-9a-f-]{36}\.png$/);

    const got = await t.app.inject({ method: 'GET', url: img, headers: bearer(admin) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toBe('attachment');
    expect(got.rawPayload.equals(PNG)).toBe(true);

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/removeAvatar', headers: bearer(admin) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: img, headers: bearer(admin) })).statusCode).toBe(404);
  });

  it('judges the type by content: an SVG or a script named .png is refused', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const part of [
      multipart('file', 'x.svg', 'image/svg+xml', svg),
      multipart('file', 'x.png', 'image/png', svg),
    ]) {
      const res = await upload(part);
      expect(res.statusCode).toBe(400);
      expect(body(res).data).toEqual({ fieldErrors: { file: 'not a supported image' } });
    }
  });

  it('refuses a file over 2 MB with 413, a wrong field and a non-multipart body with 400', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expect((await upload(multipart('file', 'big.png', 'image/png', big))).statusCode).toBe(413);
    expect((await upload(multipart('other', 'me.png', 'image/png', PNG))).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/user/uploadAvatar',
      headers: bearer(admin),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('never builds a path from a bad key', async () => {
    for (const key of ['..%2F..%2Fetc%2Fpasswd', '..%2Ftoken-secret', 'x.png']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/user/avatar/${key}`, headers: bearer(admin) });
      expect(res.statusCode).toBe(404);
    }
  });
});
