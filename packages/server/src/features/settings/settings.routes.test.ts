import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { roles, users } from '../../db/schema.ts';
import { bearer, body } from '../../test/helper.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp({ pm: true });

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const fieldErrors = (res: Awaited<ReturnType<typeof get>>) =>
  (body(res).data as { fieldErrors: Record<string, string> }).fieldErrors;
/** Saves as admin, expects the 400, and answers the fields it names, sorted. */
async function refusedFields(url: string, payload: object) {
  const res = await post(url, payload, t.admin);
  expect(res.statusCode).toBe(400);
  return Object.keys(fieldErrors(res)).sort();
}

const site = {
  systemName: 'Acme Works',
  logo: '',
  footerText: '© Acme',
  uploadMaxMb: 10,
  uploadKinds: ['image', 'pdf', 'office', 'text'],
  pageSize: 30,
  accessTokenMinutes: 30,
  sessionMaxHours: 12,
  logRetentionDays: 90,
};
const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** LoginSet as the platform administrator reads it, without the answer's scope: a body to save again. */
async function loginDefaults() {
  const { scope, ...current } = body(await get('/api/loginSet/get', t.admin)).data as Record<string, unknown>;
  expect(scope).toBe('platform');
  return current;
}

describe('SiteConfig', () => {
  it('answers the settings in force, with the configured token lifetimes before any save', async () => {
    const res = await get('/api/siteConfig/get', t.admin);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ systemName: 'Trestle', accessTokenMinutes: 30, sessionMaxHours: 12 });
  });

  it('refuses bad input with a field error per field: empty, too long, wrong type, out of range, unknown', async () => {
    expect(
      await refusedFields('/api/siteConfig/save', {
        ...site,
        systemName: '',
        footerText: 'x'.repeat(201),
        uploadMaxMb: 'ten',
        pageSize: 33,
        extra: 1,
      }),
    ).toEqual(['extra', 'footerText', 'pageSize', 'systemName', 'uploadMaxMb']);
    const kinds = await post('/api/siteConfig/save', { ...site, uploadKinds: ['exe'], accessTokenMinutes: 0 }, t.admin);
    expect(Object.keys(fieldErrors(kinds)).sort()).toEqual(['accessTokenMinutes', 'uploadKinds.0']);
  });

  it('refuses a logo that is not an image, by content as well as by shape', async () => {
    const svg = await post('/api/siteConfig/save', { ...site, logo: 'data:image/svg+xml;base64,PHN2Zz4=' }, t.admin);
    expect(fieldErrors(svg)).toHaveProperty('logo');
    const fake = await post('/api/siteConfig/save', { ...site, logo: 'data:image/png;base64,SGVsbG8=' }, t.admin);
    expect([fake.statusCode, fieldErrors(fake)]).toEqual([400, { logo: 'not a valid image' }]);
  });

  it('saves, and the public page and the shell show the new name and logo on the next call', async () => {
    const res = await post('/api/siteConfig/save', { ...site, logo: PNG_1PX, pageSize: 60 }, t.admin);
    expect(res.statusCode).toBe(200);
    expect(body(await get('/api/siteConfig/public')).data).toEqual({
      systemName: 'Acme Works',
      logo: PNG_1PX,
      title: 'Trestle',
      background: '',
      captchaEnabled: false,
      registerEnabled: true,
    });
    expect(body(await get('/api/siteConfig/shell', t.pm)).data).toMatchObject({
      pageSize: 60,
      systemName: 'Acme Works',
      footerText: '© Acme',
    });
  });

  it('signs the next token with the new access-token lifetime, without a restart', async () => {
    await post('/api/siteConfig/save', { ...site, accessTokenMinutes: 7 }, t.admin);
    const token = await t.login('pm', 'Pm@2026');
    const { exp = 0, iat = 0 } = decodeJwt(token);
    expect(exp - iat).toBe(7 * 60);
    const rotated = body(await post('/api/User/replaceToken', {}, token)).data as string;
    const claims = decodeJwt(rotated);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(7 * 60);
    await post('/api/siteConfig/save', site, t.admin);
    const back = decodeJwt(await t.login('pm', 'Pm@2026'));
    expect((back.exp ?? 0) - (back.iat ?? 0)).toBe(30 * 60);
  });

  it('applies the upload size limit and allowed kinds to the next upload', async () => {
    const upload = (name: string, bytes: Buffer) => {
      const boundary = '----slx-boundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/Employee/upload',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(t.admin) },
        payload,
      });
    };
    const png = Buffer.from(PNG_1PX.split(',')[1] ?? '', 'base64');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_500_000, 32)]);
    expect((await upload('a.png', png)).statusCode).toBe(200);
    expect((await upload('big.pdf', pdf)).statusCode).toBe(200);
    await post('/api/siteConfig/save', { ...site, uploadKinds: ['pdf'], uploadMaxMb: 1 }, t.admin);
    const refused = await upload('a.png', png);
    expect([refused.statusCode, fieldErrors(refused)]).toEqual([400, { file: 'type not allowed' }]);
    expect((await upload('big.pdf', pdf)).statusCode).toBe(413);
    expect((await upload('small.pdf', pdf.subarray(0, 1000))).statusCode).toBe(200);
    await post('/api/siteConfig/save', site, t.admin);
  });

  it('is closed to pm (403) and to the anonymous (401); the public answer holds nothing else', async () => {
    expect((await get('/api/siteConfig/get', t.pm)).statusCode).toBe(403);
    expect((await post('/api/siteConfig/save', site, t.pm)).statusCode).toBe(403);
    expect((await get('/api/siteConfig/get')).statusCode).toBe(401);
    expect((await get('/api/siteConfig/shell')).statusCode).toBe(401);
    const pub = body(await get('/api/siteConfig/public')).data as object;
    expect(Object.keys(pub).sort()).toEqual(
      ['background', 'captchaEnabled', 'logo', 'registerEnabled', 'systemName', 'title'].sort(),
    );
  });
});

describe('LoginSet', () => {
  it('refuses bad input with field errors and a super role as the default role', async () => {
    const current = await loginDefaults();
    expect(
      await refusedFields('/api/loginSet/save', {
        ...current,
        title: '',
        lockoutThreshold: 0,
        passwordMinLength: 4,
        captchaEnabled: 'yes',
        junk: 1,
      }),
    ).toEqual(['captchaEnabled', 'junk', 'lockoutThreshold', 'passwordMinLength', 'title']);
    const roleIds = new Map((await t.database.db.select().from(roles)).map((r) => [r.code, r.id]));
    const superRole = await post('/api/loginSet/save', { ...current, registerRoleId: roleIds.get('admin') }, t.admin);
    expect(fieldErrors(superRole)).toEqual({ registerRoleId: 'a super role may not be the default' });
    const none = await post('/api/loginSet/save', { ...current, registerRoleId: 999999 }, t.admin);
    expect(fieldErrors(none)).toEqual({ registerRoleId: 'no such role in this tenant' });
    const unnamed = await post('/api/loginSet/save', { ...current, registerTenantId: null }, t.admin);
    expect(fieldErrors(unnamed)).toEqual({
      registerTenantId: 'pick the tenant new accounts join',
      registerRoleId: 'pick the tenant first',
    });
  });

  it('locks a name after the configured 3 failures, on the very next sign-in', async () => {
    const current = await loginDefaults();
    expect((await post('/api/loginSet/save', { ...current, lockoutThreshold: 3 }, t.admin)).statusCode).toBe(200);
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await post('/api/user/login', { userName: 'three-strikes', password: 'wrong-pass' })).statusCode);
    expect(codes).toEqual([400, 400, 400, 423]);
    await post('/api/loginSet/save', current, t.admin);
  });

  it('applies the password policy to register, modifyPwd and the admin reset, listing what is missing', async () => {
    const current = await loginDefaults();
    const strict = {
      ...current,
      passwordMinLength: 12,
      passwordUpper: true,
      passwordDigit: true,
      passwordSymbol: true,
    };
    expect((await post('/api/loginSet/save', strict, t.admin)).statusCode).toBe(200);
    expect(body(await get('/api/user/passwordPolicy')).data).toEqual({
      passwordMinLength: 12,
      passwordUpper: true,
      passwordLower: false,
      passwordDigit: true,
      passwordSymbol: true,
    });
    const reg = await post('/api/user/register', {
      userName: 'policy1',
      password: 'lowercaseonly',
      userTrueName: 'Policy',
      phone: '13800138000',
      email: 'p@example.com',
    });
    expect([reg.statusCode, fieldErrors(reg)]).toEqual([
      400,
      { password: 'needs an upper-case letter, a digit, a symbol' },
    ]);
    const short = await post('/api/user/register', {
      userName: 'policy1',
      password: 'Ab1!',
      userTrueName: 'Policy',
      phone: '13800138000',
      email: 'p@example.com',
    });
    expect(fieldErrors(short)).toEqual({ password: 'at least 12 characters' });
    const modify = await post('/api/user/modifyPwd', { oldPwd: 'Pm@2026', newPwd: 'Longenough@x' }, t.pm);
    expect([modify.statusCode, fieldErrors(modify)]).toEqual([400, { newPwd: 'needs a digit' }]);
    const [pmUser] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.userKey, 'pm'));
    const reset = await post('/api/User/resetPassword', { id: pmUser?.id, password: 'nouppercase1!' }, t.admin);
    expect(reset.statusCode).toBe(400);
    expect(Object.values(fieldErrors(reset))).toEqual(['needs an upper-case letter']);
    expect(
      (
        await post('/api/user/register', {
          userName: 'policy2',
          password: 'Good-Password-2026',
          userTrueName: 'P',
          phone: '13800138000',
          email: 'q@example.com',
        })
      ).statusCode,
    ).toBe(200);
    await post('/api/loginSet/save', current, t.admin);
  });

  it('turns self-registration off: register is refused and the public answer says so', async () => {
    const current = await loginDefaults();
    await post('/api/loginSet/save', { ...current, registerEnabled: false }, t.admin);
    const res = await post('/api/user/register', {
      userName: 'closedreg',
      password: 'Good-Password-2026',
      userTrueName: 'Closed',
      phone: '13800138000',
      email: 'c@example.com',
    });
    expect([res.statusCode, body(res).message]).toEqual([403, 'Self-registration is turned off']);
    expect(body(await get('/api/siteConfig/public')).data).toMatchObject({ registerEnabled: false });
    await post('/api/loginSet/save', current, t.admin);
  });

  it('is closed to pm (403) and to the anonymous (401)', async () => {
    const current = await loginDefaults();
    expect((await get('/api/loginSet/get', t.pm)).statusCode).toBe(403);
    expect((await post('/api/loginSet/save', current, t.pm)).statusCode).toBe(403);
    expect((await get('/api/loginSet/get')).statusCode).toBe(401);
    expect((await post('/api/loginSet/save', current)).statusCode).toBe(401);
  });
});
