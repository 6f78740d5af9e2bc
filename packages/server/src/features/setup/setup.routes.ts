import {
  envelopeSchema,
  loginSettingsBodySchema,
  type SetupAdminBody,
  setupAdminBodySchema,
  setupCodeBodySchema,
  setupLoginSetBodySchema,
  setupStateSchema,
} from '@trestle/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { roles, tenants, userRoles, users } from '../../db/schema.ts';
import { platformTenantId, withTenant } from '../../db/tenant.ts';
import { badRequest, envelope, forbidden } from '../../http/errors.ts';
import { loadLoginSettings, savePlatformLoginSettings } from '../../platform/login-settings.ts';
import { hashPassword, passwordProblem, userKeyOf } from '../../platform/passwords.ts';
import { checkSetupCode, issueSetupCode, setupState, spendSetupCode } from './setup-state.ts';

type Deps = { db: Db; now: () => Date; rateLimitPerMinute: number };

/** First-run setup: anonymous, but only while no administrator exists and only with the printed code. */
export function setupRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = {
      permission: 'public' as const,
      // Per client address, like sign-in: the code cannot be guessed at speed.
      rateLimit: {
        max: deps.rateLimitPerMinute,
        timeWindow: '1 minute',
        keyGenerator: (req: { ip: string }) => req.ip,
      },
    };

    const requireCode = async (code: string) => {
      const verdict = await checkSetupCode(deps.db, code);
      if (verdict === 'closed') throw forbidden('Setup is finished: sign in as an administrator');
      if (verdict === 'wrong') throw badRequest('Wrong setup code', { code: 'wrong setup code; see the server log' });
    };

    // The code is printed once per start while setup is open, and only there (never in an answer).
    app.addHook('onReady', async () => {
      const code = await issueSetupCode(deps.db, deps.now());
      if (code)
        app.log.warn(`First-run setup: no administrator exists. Open /#/LoginSet and enter the one-time code ${code}`);
    });

    r.get('/api/setup/state', {
      config: { permission: 'public' },
      schema: {
        tags: ['setup'],
        summary: 'Whether first-run setup is open (no administrator exists yet)',
        response: { 200: envelopeSchema(setupStateSchema) },
      },
      handler: async () => envelope(await setupState(deps.db)),
    });

    r.post('/api/setup/check', {
      config,
      schema: {
        tags: ['setup'],
        summary: 'Check the setup code; answers the sign-in settings in force',
        body: setupCodeBodySchema,
        response: { 200: envelopeSchema(loginSettingsBodySchema) },
      },
      handler: async (req) => {
        await requireCode(req.body.code);
        return envelope(await loadLoginSettings(deps.db), 'Setup code accepted');
      },
    });

    r.post('/api/setup/loginSet', {
      config,
      schema: {
        tags: ['setup'],
        summary: 'Save the sign-in settings during setup',
        body: setupLoginSetBodySchema,
        response: { 200: envelopeSchema(loginSettingsBodySchema) },
      },
      handler: async (req) => {
        await requireCode(req.body.code);
        await savePlatformLoginSettings(deps.db, req.body.login, deps.now());
        return envelope(await loadLoginSettings(deps.db), 'Saved');
      },
    });

    r.post('/api/setup/admin', {
      config,
      schema: {
        tags: ['setup'],
        summary: 'Create the first administrator; the setup code is spent',
        body: setupAdminBodySchema,
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
      handler: async (req) => {
        await requireCode(req.body.code);
        return envelope(await createFirstAdmin(deps.db, req.body), 'Administrator created; sign in now');
      },
    });
  };
}

/**
 * The user, linked to the platform tenant's super role (created if the seed made none), and the code
 * spent: one transaction, bound to the platform tenant (its rows are under row-level security).
 */
async function createFirstAdmin(db: Db, body: SetupAdminBody) {
  const problem = passwordProblem(body.password, body.userName, await loadLoginSettings(db));
  if (problem) throw badRequest(`Password: ${problem}`, { password: problem });
  const passwordHash = await hashPassword(body.password);
  const platform = await platformTenantId(db);
  return withTenant(platform, () => firstAdminIn(db, platform, body, passwordHash));
}

async function firstAdminIn(db: Db, platform: number, body: SetupAdminBody, passwordHash: string) {
  return db.transaction(async (tx) => {
    if (!(await spendSetupCode(tx))) throw forbidden('Setup is finished: sign in as an administrator');
    const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, platform));
    if (!tenant) throw badRequest('No tenant exists: run the seed first');
    const [existing] = await tx
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenant.id), eq(roles.isSuper, true), eq(roles.enabled, true)))
      .limit(1);
    const [role] = existing
      ? [existing]
      : await tx
          .insert(roles)
          .values({ tenantId: tenant.id, code: 'admin', name: 'Super admin', isSuper: true })
          .onConflictDoUpdate({ target: [roles.tenantId, roles.code], set: { isSuper: true, enabled: true } })
          .returning();
    if (!role) throw new Error('setup: no super role');
    const [created] = await tx
      .insert(users)
      .values({
        tenantId: tenant.id,
        userName: body.userName,
        userKey: userKeyOf(body.userName),
        userTrueName: body.userTrueName,
        passwordHash,
      })
      .onConflictDoNothing({ target: users.userKey })
      .returning({ id: users.id });
    if (!created) throw badRequest('This user name is taken', { userName: 'this user name is taken' });
    await tx.insert(userRoles).values({ tenantId: tenant.id, userId: created.id, roleId: role.id });
    return created;
  });
}
