import { ErrorCode, SETUP_CODE_HEADER, TOKEN_REFRESH_HEADER } from '@trestle/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { enterScope, newRequestScope, platformTenantId, type TenantScope } from '../db/tenant.ts';
import { tokenLifetimes } from '../platform/site-settings.ts';
import type { DataScope } from './access.ts';
import { AppError, forbidden } from './errors.ts';
import type { Sessions } from './sessions.ts';
import type { AccessClaims, Tokens } from './tokens.ts';

/**
 * What a route requires. Every route declares one (deny by default): 'public' needs nothing,
 * 'signedIn' any valid session, and {menu, button} a grant of that button on that menu.
 */
/**
 * Who may call a route. A menu written `:param` is the one the route's path parameter names (the engine's
 * shared routes for designed entities, `/api/:entity/…`): the grant is checked on that menu.
 */
export type RoutePermission = 'public' | 'signedIn' | { menu: string; button: string };

/** The grant a request needs: the route's, with a `:param` menu read from the request's path. */
function grantOf(permission: { menu: string; button: string }, params: unknown) {
  if (!permission.menu.startsWith(':')) return permission;
  const value = (params as Record<string, unknown> | undefined)?.[permission.menu.slice(1)];
  // A value that could not be a menu code (an entity's name) matches no menu: the grant is refused, and it
  // never reaches the database (a NUL byte in the path would fail the query).
  return {
    menu: typeof value === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(value) ? value : '',
    button: permission.button,
  };
}

/**
 * The signed-in caller: the token's claims and the row scope of the caller's roles. `setup` marks the
 * visitor of first-run setup, who holds the setup code instead of a session (userId 0, no user row).
 */
export type AuthContext = AccessClaims & { dataScope: DataScope; setup?: true };

/** The user a write is recorded against: none for the setup visitor. */
export const actorOf = (auth: AuthContext): number | null => (auth.setup ? null : auth.userId);

/** What the setup code is worth right now (features/setup decides). */
export type SetupCodeCheck = (code: string) => Promise<'ok' | 'wrong' | 'closed'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** replaceToken only: accept a token that expired less than one token lifetime ago. */
    acceptsExpiredToken?: boolean;
    /** Open to a user who must still change a temporary password (changing it, signing out, the shell's loads). */
    allowedBeforePasswordChange?: boolean;
    /**
     * A first-run setup screen's call: while no administrator exists, the setup code (header
     * x-setup-code, no token) stands in for a sign-in holding every button of the route's menu.
     */
    setupAccess?: boolean;
    /**
     * On a route whose grant names its menu by a path parameter: whether that names anything at all. A
     * caller without the grant is then told 404 for a name that is nobody's (403 stays for one that exists).
     */
    namesSomething?: (name: string) => boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The tenant the request's database statements are bound to (set once the token is verified). */
    tenantScope: TenantScope;
  }
  interface FastifyInstance {
    /** Every route registered, with its declared permission: the route-permission test reads this. */
    routeTable(): { method: string; url: string; permission: RoutePermission | undefined; setupAccess: boolean }[];
  }
}

/** The signed-in caller; only call on routes that are not 'public'. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(401, ErrorCode.missingToken, 'Sign in first');
  return req.auth;
}

const unauthenticated = (code: 'missing' | 'invalid' | 'expired') => {
  const messages = {
    missing: 'Sign in first',
    invalid: 'The sign-in is no longer valid; sign in again',
    expired: 'The sign-in has expired; refresh the token',
  };
  return new AppError(401, code, messages[code]);
};

export function registerAuth(
  app: FastifyInstance,
  deps: {
    db: Db;
    tokens: Tokens;
    sessions: Sessions;
    accessTokenMinutes: number;
    now: () => Date;
    checkSetupCode: SetupCodeCheck;
  },
) {
  // Route options are kept, not copied: hooks of inner scopes may still declare a permission after this one runs.
  const routes: RouteOptions[] = [];
  app.decorate('routeTable', () =>
    routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
        method,
        url: route.url,
        permission: route.config?.permission,
        setupAccess: route.config?.setupAccess === true,
      })),
    ),
  );
  app.decorateRequest('auth', null);
  app.decorateRequest('tenantScope', null as unknown as TenantScope);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });

  // Each request runs in its own tenant scope. Reading the body leaves the async context, so the
  // scope is entered again before the handler and before the response hooks (request log).
  app.addHook('onRequest', (req, _reply, done) => {
    req.tenantScope = newRequestScope();
    enterScope(req.tenantScope, done);
  });
  app.addHook('preHandler', (req, _reply, done) => enterScope(req.tenantScope, done));
  app.addHook('onResponse', (req, _reply, done) => enterScope(req.tenantScope, done));

  app.addHook('onRequest', async (req, reply) => {
    if (req.is404) return;
    const permission = req.routeOptions.config.permission;
    if (!permission) throw forbidden('This route declares no permission');
    if (permission === 'public') return;

    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const setupCode = req.headers[SETUP_CODE_HEADER];
    if (!token && typeof setupCode === 'string' && setupCode && req.routeOptions.config.setupAccess) {
      req.auth = await setupVisitor(deps, setupCode);
      req.tenantScope.tenantId = req.auth.tenantId;
      return;
    }
    if (!token) throw unauthenticated('missing');

    const { accessTokenMinutes } = await tokenLifetimes(deps.db, { ...deps, sessionMaxHours: 1 });
    // The longer of the two lifetimes: a token signed before a change of SiteConfig can still be replaced.
    const grace = req.routeOptions.config.acceptsExpiredToken
      ? Math.max(accessTokenMinutes, deps.accessTokenMinutes) * 60
      : 0;
    const claims = await deps.tokens.verify(token, grace);
    if (typeof claims === 'string') throw unauthenticated(claims);
    // The signature is verified: from here on every statement of this request is bound to its tenant
    // (and, for a platform admin working in another tenant, to itself as the acting user).
    req.tenantScope.tenantId = claims.tenantId;
    req.tenantScope.acting =
      claims.homeTenantId === undefined ? null : { userId: claims.userId, homeTenantId: claims.homeTenantId };
    // One round trip: the session row, the user and tenant still enabled, the grant and the data scope.
    const access = await deps.sessions.check(
      claims,
      typeof permission === 'object' ? grantOf(permission, req.params) : undefined,
    );
    if (!access) throw unauthenticated('invalid');
    req.auth = { ...claims, dataScope: access.dataScope };

    const left = claims.expiresAt.getTime() - deps.now().getTime();
    if (left < (accessTokenMinutes * 60_000) / 3) reply.header(TOKEN_REFRESH_HEADER, '1');
    if (access.mustChangePassword && !req.routeOptions.config.allowedBeforePasswordChange) {
      throw new AppError(403, ErrorCode.passwordChangeRequired, 'Change your temporary password first');
    }
    if (!access.granted) {
      const named = req.routeOptions.config.namesSomething;
      const grant = typeof permission === 'object' ? grantOf(permission, req.params) : null;
      if (named && grant && !named(grant.menu)) throw new AppError(404, ErrorCode.notFound, 'No such entity');
      throw forbidden();
    }
  });
}

/**
 * The first-run setup visitor, once the code is checked: bound to the platform tenant, seeing every
 * row there (no roles exist to narrow it). The code has 60 bits (12 of 32 characters), so guessing it
 * is hopeless even without the setup routes' rate limit.
 */
async function setupVisitor(deps: { db: Db; now: () => Date; checkSetupCode: SetupCodeCheck }, code: string) {
  const verdict = await deps.checkSetupCode(code);
  if (verdict === 'closed')
    throw new AppError(403, ErrorCode.setupClosed, 'Setup is finished: sign in as an administrator');
  if (verdict === 'wrong') throw new AppError(403, ErrorCode.setupCodeWrong, 'Wrong setup code; see the server log');
  const tenantId = await platformTenantId(deps.db);
  const dataScope: DataScope = { organizationId: null, roles: [{ default: 'all', rules: {} }] };
  return { userId: 0, tenantId, sessionId: '', jti: '', expiresAt: deps.now(), dataScope, setup: true } as const;
}
