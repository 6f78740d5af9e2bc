import { existsSync } from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { TOKEN_REFRESH_HEADER } from '@trestle/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { builtInEntities, type RegistryDeps } from './built-ins.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { ensureBuiltInTables } from './designer/built-in-tables.ts';
import { designerRoutes } from './designer/designer.routes.ts';
import { announceDesign, followDesigns } from './designer/registry-sync.ts';
import type { EntityDefinition } from './engine/definition.ts';
import { engineRoutes } from './engine/engine.routes.ts';
import { excelRoutes } from './engine/excel.routes.ts';
import { createEntityRegistry } from './engine/registry.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createBiCache } from './features/bi/bi.cache.ts';
import { dashboardMenuEntries } from './features/bi/bi.dashboards.ts';
import { biRoutes } from './features/bi/bi.routes.ts';
import { biRunRoutes } from './features/bi/bi.run.routes.ts';
import { captchaRoutes } from './features/captcha/captcha.routes.ts';
import { dataPermissionRoutes } from './features/data-permissions/data-permissions.routes.ts';
import { dataSourceRoutes } from './features/data-sources/data-sources.routes.ts';
import { createSelectRunner } from './features/data-sources/run-select.ts';
import { dictionaryRoutes } from './features/dictionaries/dictionary.routes.ts';
import { createDictionaryService } from './features/dictionaries/dictionary.service.ts';
import { fileRoutes } from './features/files/files.routes.ts';
import { createBoundForms } from './features/forms/forms.bound.ts';
import { formRoutes } from './features/forms/forms.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { registerRequestLog } from './features/logs/request-log.ts';
import { scheduleLogRetention } from './features/logs/retention.ts';
import { menuRoutes } from './features/menu/menu.routes.ts';
import { mineRoutes } from './features/mine/mine.routes.ts';
import { organizationRoutes } from './features/organizations/organization.routes.ts';
import { mixAppRoutes } from './features/pages/mix-apps.routes.ts';
import { pageChartIds, pageMenuEntries } from './features/pages/pages.access.ts';
import { pageRoutes } from './features/pages/pages.routes.ts';
import { permissionRoutes } from './features/permissions/permissions.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { roleRoutes } from './features/roles/roles.routes.ts';
import { refreshMilestoneSchedule } from './features/schedule/schedule.progress.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { setupRoutes } from './features/setup/setup.routes.ts';
import { checkSetupCode } from './features/setup/setup-state.ts';
import { summaryRoutes } from './features/summary/summary.routes.ts';
import { tenantRoutes } from './features/tenants/tenants.routes.ts';
import { userRoutes } from './features/users/users.routes.ts';
import { warningRoutes } from './features/warnings/warnings.routes.ts';
import { scheduleWarningEvaluation } from './features/warnings/warnings.schedule.ts';
import { type AuthContext, registerAuth } from './http/auth.ts';
import { loadConstraintColumns } from './http/constraint-errors.ts';
import { frameworkError, registerErrorHandling } from './http/errors.ts';
import { webIndexScriptHashes } from './http/inline-scripts.ts';
import { registerJsonBody } from './http/json-body.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createSessions } from './http/sessions.ts';
import { createTokens } from './http/tokens.ts';
import { createFileStore, objectStoreOf } from './platform/files.store.ts';
import { tenantSiteSettings } from './platform/site-settings.ts';
import { startTenant } from './seed/seed.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  now?: () => Date;
  /** The built-in entities (`builtInEntities`); a test registers one of its own through this. */
  builtIns?: (deps: RegistryDeps) => EntityDefinition[];
};

/** Marks every route a third-party plugin registers inside `scope` as public: a declaration, made once here. */
function declarePublic(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, permission: 'public' };
  });
}

export async function buildApp({
  config,
  database,
  now = () => new Date(),
  builtIns = builtInEntities,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false },
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
    // While closing, a request that reached us on a connection already open is served, not answered 503:
    // the pool stays open until the last connection is gone (main.ts), so it can finish like the others.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const constraints = await loadConstraintColumns(database.db);
  registerErrorHandling(app, constraints);
  registerJsonBody(app);
  registerNulGuard(app);
  // First of the request hooks, so every answer carries them, a refusal by the auth hook included.
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The built index.html's boot script (the loading text in the reader's language), by its hash.
        scriptSrc: ["'self'", ...webIndexScriptHashes(config.webDist)],
        // antd writes its CSS-in-JS into <style> elements; scripts stay 'self' only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // /File previews a PDF in an <iframe> from a blob: URL the page made itself; a page's iframe block shows
        // only the allow-listed origins (IFRAME_ORIGINS), the same list its save checks.
        frameSrc: ["'self'", 'blob:', ...config.iframeOrigins],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Intranet installs often run on plain http; upgrading would break them.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // Requests are served as trestle_app, bound to the caller's tenant (row-level security).
  const db = database.app;
  const secret = await database.secret();
  const tokens = createTokens(secret, now);
  const sessions = createSessions(db, tokens, config, now, database.listen);
  await sessions.ready;
  registerAuth(app, {
    db,
    tokens,
    sessions,
    accessTokenMinutes: config.accessTokenMinutes,
    now,
    checkSetupCode: (code) => checkSetupCode(db, code),
  });

  await registerRateLimit(app, { db, redisUrl: config.redisUrl });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 20 } });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('access-control-expose-headers', TOKEN_REFRESH_HEADER);
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Trestle API',
        version: '0.1.0',
        description:
          'Every answer is {status, code, message, data}. 401 codes: `missing` (no token), `invalid` (bad, revoked ' +
          'or rotated-away token), `expired` (call POST /api/User/replaceToken once, then retry). An answer whose ' +
          `token is close to expiry carries the header \`${TOKEN_REFRESH_HEADER}: 1\`: refresh then.`,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas given an id (`.meta({ id })` in packages/shared) are written once under components and referred to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(async (scope) => {
    declarePublic(scope);
    scope.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await scope.register(swaggerUi, { routePrefix: '/api/docs' });
  });

  await app.register(healthRoutes({ ping: database.ping }));
  await app.register(
    authRoutes({ db, sessions, tokens, now, loginRateLimitPerMinute: config.loginRateLimitPerMinute }),
  );
  const objects = objectStoreOf(config);
  await app.register(profileRoutes({ db, files: createFileStore(db, objects, now), dataDir: config.dataDir, now }));
  // A dashboard or a page published as a menu entry is the tenant's own: added to its viewers' menus, not to the
  // catalogue.
  await app.register(
    menuRoutes({
      db,
      extraEntries: async (auth, lang) => [
        ...(await dashboardMenuEntries(db, auth)),
        ...(await pageMenuEntries(db, auth, lang)),
      ],
    }),
  );
  const dictionaries = createDictionaryService(db, database.userSql);
  await app.register(dictionaryRoutes({ dictionaries }));
  // Grid-engine entities: the registry's built-in list (one line each there), and the designed ones, read
  // from the applied table designs and followed as they change on any node.
  const registry = createEntityRegistry(builtIns({ dictionaries }));
  const { definitions } = registry;
  app.decorate('entities', registry);
  // A built-in entity with no migration gets its table and menu entry from its definition.
  // A start refused here (a definition that needs a migration) closes what was opened so far.
  const made = await ensureBuiltInTables(database.db, definitions).catch(async (err: unknown) => {
    await app.close();
    throw err;
  });
  if (made.created.length + made.changed.length > 0) {
    app.log.info(made, 'built-in tables made from their definitions');
    await constraints.reload();
  }
  await followDesigns(database, registry, app.log, constraints.reload);
  const designed = (name: string) => registry.designed(name);
  // The warning actions and rules, re-checked hourly; the summary; the user's own work.
  await app.register(warningRoutes({ db, now }));
  scheduleWarningEvaluation(app, { db, now, refresh: (today) => refreshMilestoneSchedule(db, { today }) });
  await app.register(summaryRoutes({ db, now }));
  await app.register(mineRoutes({ db, now, definitions }));
  // The engine applies the tenant's site settings: document number patterns, segregation of duties.
  const settings = (tenantId: number) => tenantSiteSettings(db, tenantId);
  // A tenant's published form bound to an entity governs that entity's add and update (features/forms).
  const bound = createBoundForms({ db, definitions, listen: database.listen });
  await bound.ready;
  // The engine's write paths (add, update, import) share one set of dependencies, the bound forms' gate with them.
  // BI's chart results, kept until a write of a table they read commits (the engine tells, other nodes NOTIFY).
  const biCache = createBiCache({ listen: database.listen });
  await biCache.ready;
  const engineDeps = { db, now, definitions, settings, designed, boundForm: bound.gate, written: biCache.written };
  await app.register(engineRoutes(engineDeps));
  await app.register(formRoutes({ db, now, definitions, bound, objects }));
  // The BI designer's datasets, charts and dashboards, read against the same entities the engine serves.
  await app.register(biRoutes({ db, now, definitions, userSql: database.userSql }));
  // Charts run in batches, over entities, the main database's SQL (the tenant's SQL role) or a data source.
  const hosts = { allowPrivate: config.dataSourceAllowPrivate, allowedHosts: config.dataSourceAllowedHosts };
  const selectRunner = createSelectRunner({ db, secret, hosts, log: app.log });
  app.addHook('onClose', () => selectRunner.close());
  // A page's viewer runs the charts on a published page shared with them (features/pages decides which).
  const pageCharts = (auth: AuthContext, pageId: number) => pageChartIds(db, auth, pageId);
  await app.register(
    biRunRoutes({
      db,
      definitions,
      userSql: database.userSql,
      cache: biCache,
      external: selectRunner.run,
      pageCharts,
    }),
  );
  // The page designer's pages (checked against the same entities) and the mixed designer's app drafts.
  await app.register(
    pageRoutes({
      db,
      now,
      definitions,
      iframeOrigins: config.iframeOrigins,
      store: createFileStore(db, objects, now),
    }),
  );
  await app.register(mixAppRoutes({ db, now }));
  await app.register(excelRoutes({ ...engineDeps, dataDir: config.dataDir, objects }));
  // The table designer works on the owner's connection (DDL); an apply or roll back reaches every node.
  await app.register(
    designerRoutes({
      db: database.db,
      builtIns: registry.builtIns,
      onChange: async (name) => {
        await announceDesign(database.db, registry, name);
        await constraints.reload();
      },
    }),
  );
  await app.register(fileRoutes({ db, objects, now }));
  await app.register(userRoutes({ db, now }));
  await app.register(roleRoutes({ db }));
  await app.register(permissionRoutes({ db }));
  await app.register(organizationRoutes({ db }));
  registerRequestLog(app, { db, now });
  scheduleLogRetention(app, { db, now });
  await app.register(settingsRoutes({ db, now, lifetimes: config }));
  await app.register(captchaRoutes({ db, now, rateLimitPerMinute: config.loginRateLimitPerMinute }));
  await app.register(setupRoutes({ db, now, rateLimitPerMinute: config.loginRateLimitPerMinute }));
  await app.register(dataPermissionRoutes({ db, definitions }));
  await app.register(tenantRoutes({ db, sessions, now, startTenant }));
  await app.register(
    dataSourceRoutes({
      db,
      now,
      secret,
      hosts,
    }),
  );

  if (existsSync(config.webDist)) {
    await app.register(async (scope) => {
      declarePublic(scope);
      await scope.register(fastifyStatic, {
        root: config.webDist,
        // The build writes .br and .gz beside each asset; the client's Accept-Encoding picks one.
        preCompressed: true,
        setHeaders: (reply, file) => {
          reply.header('cache-control', file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }
  return app;
}
