import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, postLogin, type TestApp } from './test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady(app) {
        app.get('/api/test/boom', { config: { permission: 'public' } }, async () => {
          throw new Error('secret detail at /srv/app.ts:42');
        });
      },
    },
  );
});
afterAll(() => t.close());

describe('routes', () => {
  it('every registered route declares its permission', () => {
    const undeclared = t.app
      .routeTable()
      .filter((r) => !r.permission)
      .map((r) => `${r.method} ${r.url}`);
    expect(t.app.routeTable().length).toBeGreaterThan(15);
    expect(undeclared).toEqual([]);
  });

  it('a route without a declaration is refused, not opened (deny by default)', async () => {
    const bare = await createTestApp(
      {},
      {
        beforeReady(app) {
          app.get('/api/test/undeclared', async () => ({ leaked: true }));
        },
      },
    );
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/api/test/undeclared' });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('leaked');
    } finally {
      await bare.close();
    }
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ status: false, code: 'not_found' });
  });

  it('answers an unexpected failure with 500 and an error id, never the error itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const b = body(res);
    expect(b.code).toBe('server_error');
    expect(b.data).toEqual({ errorId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(res.body).not.toContain('secret detail');
    expect(res.body).not.toContain('.ts');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await postLogin(t.app, '{"userName": ', { headers: { 'content-type': 'application/json' } });
    expect([res.statusCode, body(res).code]).toEqual([400, 'bad_request']);
  });
});

describe('health', () => {
  it('says alive and ready', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(body(ready).data).toEqual({ database: 'ok' });
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy without inline script, and nosniff', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends them on a refusal and on an unknown address too', async () => {
    for (const url of ['/api/Employee/getPageData', '/api/no-such-call']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    }
  });
});

describe('OpenAPI', () => {
  it('publishes the calls with their schemas and names the 401 codes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json() as { openapi: string; paths: Record<string, object>; info: { description: string } };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/user/login', '/api/User/replaceToken', '/api/Button/Get', '/api/menu/getTreeMenu']) {
      expect(doc.paths).toHaveProperty([p]);
    }
    expect(doc.info.description).toContain('`expired`');
    expect(doc.info.description).toContain('x-token-refresh');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});
