import {
  ErrorCode,
  envelopeSchema,
  loginBodySchema,
  loginConfigSchema,
  loginResultSchema,
  modifyPwdBodySchema,
  registerBodySchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type SignInOutcome, signInLog } from '../../db/schema-logs.ts';
import { platformTenantId, withTenant } from '../../db/tenant.ts';
import { authOf } from '../../http/auth.ts';
import { AppError, envelope } from '../../http/errors.ts';
import type { Sessions } from '../../http/sessions.ts';
import type { Tokens } from '../../http/tokens.ts';
import { loadLoginSettings, registrationOpen } from '../../platform/login-settings.ts';
import { userKeyOf } from '../../platform/passwords.ts';
import { createAuthService, signInLookup } from './auth.service.ts';

type Deps = { db: Db; sessions: Sessions; tokens: Tokens; now: () => Date; loginRateLimitPerMinute: number };

const nullEnvelope = envelopeSchema(z.null());

/**
 * One sign_in_log row, in the named user's tenant or, for a name no user has, the platform tenant's.
 * The tenant is found whether or not the name exists, so the write costs an unknown name no more than
 * a wrong password: the timing tells nothing the answer does not.
 */
async function recordSignIn(
  db: Db,
  userName: string,
  outcome: SignInOutcome,
  c: { address: string; userAgent: string },
  at: Date,
) {
  const [found, platform] = await Promise.all([signInLookup(db, userKeyOf(userName)), platformTenantId(db)]);
  const tenantId = found?.tenantId ?? platform;
  await withTenant(tenantId, () =>
    db.insert(signInLog).values({
      tenantId,
      userName: userName.slice(0, 100),
      outcome,
      address: c.address.slice(0, 64),
      userAgent: c.userAgent.slice(0, 300),
      at,
    }),
  );
}

export function authRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const auth = createAuthService(deps.db, deps.sessions, deps.now);
    // Per client address only: nothing the caller sends (headers, body fields) picks the bucket.
    const rateLimit = {
      max: deps.loginRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (req: { ip: string }) => req.ip,
    };
    const client = (req: { ip: string; headers: { 'user-agent'?: string } }) => ({
      address: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
    });

    r.get('/api/user/loginConfig', {
      config: { permission: 'public' },
      schema: {
        tags: ['user'],
        summary: 'What the sign-in page needs',
        response: { 200: envelopeSchema(loginConfigSchema) },
      },
      handler: async () => {
        const s = await loadLoginSettings(deps.db);
        return envelope({ registerEnabled: registrationOpen(s), title: s.title });
      },
    });

    r.post('/api/user/login', {
      config: { permission: 'public', rateLimit },
      schema: {
        tags: ['user'],
        summary: 'Sign in',
        description:
          'A wrong password and an unknown user get the same 400. After the configured number of failures (5) from ' +
          'one client address, that address is locked out of that name for the configured minutes (15), twice as ' +
          'long at each new lock: 423 with Retry-After. Other addresses are not locked, but while the name is under ' +
          'attack they must answer the image captcha (400 `captcha_required`). 429 past the per-address rate limit.',
        body: loginBodySchema,
        response: { 200: envelopeSchema(loginResultSchema) },
      },
      handler: async (req) => {
        // Every attempt that reaches the check lands in the sign-in log
        const attempt = (outcome: SignInOutcome) =>
          recordSignIn(deps.db, req.body.userName, outcome, client(req), deps.now()).catch((err: unknown) =>
            req.log.error({ err }, 'sign-in log write failed'),
          );
        try {
          const result = await auth.login(req.body, client(req));
          await attempt('success');
          return envelope(result, 'Signed in');
        } catch (err) {
          await attempt(err instanceof AppError && err.statusCode === 423 ? 'locked' : 'failure');
          throw err;
        }
      },
    });

    r.post('/api/user/register', {
      config: { permission: 'public', rateLimit },
      schema: {
        tags: ['user'],
        summary: 'Create an account in the tenant and with the one role LoginSet names (when it allows it)',
        body: registerBodySchema,
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
      handler: async (req) => envelope(await auth.register(req.body), 'Account created; you can sign in now'),
    });

    r.post('/api/User/replaceToken', {
      config: { permission: 'signedIn', acceptsExpiredToken: true, allowedBeforePasswordChange: true },
      schema: {
        tags: ['user'],
        summary: 'Rotate the token',
        description:
          'data is the new token. The old one keeps working for 30 s (requests in flight), then gets 401 invalid. ' +
          "Accepts a token that expired less than one token lifetime ago, never past the session's absolute lifetime.",
        response: { 200: envelopeSchema(z.string()) },
      },
      handler: async (req) => {
        const token = await deps.sessions.rotate(authOf(req));
        // check() passed in the auth hook, so only a session revoked in between lands here.
        if (!token) throw new AppError(401, ErrorCode.invalidToken, 'The sign-in is no longer valid; sign in again');
        return envelope(token);
      },
    });

    r.post('/api/user/logout', {
      config: { permission: 'signedIn', allowedBeforePasswordChange: true },
      schema: { tags: ['user'], summary: 'Sign out: the session ends at once', response: { 200: nullEnvelope } },
      handler: async (req) => {
        await deps.sessions.revoke(authOf(req).sessionId);
        return envelope(null, 'Signed out');
      },
    });

    r.post('/api/user/modifyPwd', {
      config: { permission: 'signedIn', allowedBeforePasswordChange: true },
      schema: {
        tags: ['user'],
        summary: "Change one's password; the user's other sessions end",
        body: modifyPwdBodySchema,
        response: { 200: nullEnvelope },
      },
      handler: async (req) => {
        const me = authOf(req);
        await auth.modifyPwd(me.userId, me.sessionId, req.body);
        return envelope(null, 'Password changed; your other sessions were signed out');
      },
    });
  };
}
