import { describe, expect, it } from 'vitest';
import { bearer, body, postLogin } from '../test/helper.ts';
import { useTestApp } from '../test/use-test-app.ts';

const t = useTestApp();

describe('the NUL character', () => {
  it('in a sign-in name is a 400, not a database error', async () => {
    const res = await postLogin(t.app, { userName: 'ad\u0000min', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Text must not contain the NUL character');
  });

  it('in a search value, a key or a query string is a 400', async () => {
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/Employee/getPageData',
      headers: bearer(t.admin),
      payload: { wheres: [{ name: 'code', value: 'E\u0000', displayType: 'like' }] },
    });
    expect(search.statusCode).toBe(400);
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/Employee/lookup?field=organizationId&q=a%00b',
      headers: bearer(t.admin),
    });
    expect(lookup.statusCode).toBe(400);
  });
});
