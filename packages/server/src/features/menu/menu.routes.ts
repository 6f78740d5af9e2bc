import {
  buttonInputSchema,
  buttonRowSchema,
  buttonSchema,
  buttonUpdateSchema,
  envelopeSchema,
  id,
  menuInputSchema,
  menuItemSchema,
  menuMoveSchema,
  menuRowSchema,
  menuUpdateSchema,
} from '@trestle/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import { requirePlatformAdmin } from '../../http/platform.ts';
import { createButtonService } from './buttons.service.ts';
import { createMenuRepository } from './menu.repository.ts';
import { createMenuService } from './menu.service.ts';

/** The setup wizard's screen: in the setup visitor's menu whatever else the setup code opens. */
const SETUP_HOME_MENU = 'LoginSet';

const idBody = z.strictObject({ id });
const saved = envelopeSchema(z.object({ id: z.number() }));
const done = envelopeSchema(z.null());

export function menuRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const repo = createMenuRepository(deps.db);
    let routeCodes: Set<string> | undefined;
    // Read once the app is ready, so routes registered after this feature are counted too.
    const menuCodesOfRoutes = () => {
      routeCodes ??= new Set(
        // A `:param` menu (the designed entities' shared routes) names no menu of its own.
        app
          .routeTable()
          .flatMap((r) =>
            typeof r.permission === 'object' && !r.permission.menu.startsWith(':') ? [r.permission.menu] : [],
          ),
      );
      return routeCodes;
    };
    const menusAdmin = createMenuService(deps.db, menuCodesOfRoutes);
    const buttonsAdmin = createButtonService(deps.db);
    // Menus and the button catalogue are shared by every tenant: a grant on the screen is not enough,
    // changing them is the platform administrator's alone (a tenant's own super admin included).
    const platformOnly = async (req: FastifyRequest) =>
      requirePlatformAdmin(deps.db, authOf(req), 'change menus and buttons: every tenant shares them');

    // What the setup code opens, read off the routes: the menu codes and buttons of every route that
    // accepts it, and LoginSet, where the setup wizard lives.
    let setupGrants: Map<string, string[]> | undefined;
    const grantsOfSetup = () => {
      if (setupGrants) return setupGrants;
      setupGrants = new Map([[SETUP_HOME_MENU, []]]);
      for (const route of app.routeTable()) {
        if (!route.setupAccess || typeof route.permission !== 'object') continue;
        const { menu, button } = route.permission;
        setupGrants.set(menu, [...new Set([...(setupGrants.get(menu) ?? []), button])]);
      }
      return setupGrants;
    };

    r.get('/api/Button/Get', {
      config: { permission: 'signedIn', allowedBeforePasswordChange: true, setupAccess: true },
      schema: {
        tags: ['menu'],
        summary: 'The button catalogue',
        response: { 200: envelopeSchema(z.array(buttonSchema)) },
      },
      handler: async (req) => envelope(await repo.buttons(languageOf(req))),
    });

    r.get('/api/menu/getTreeMenu', {
      config: { permission: 'signedIn', allowedBeforePasswordChange: true, setupAccess: true },
      schema: {
        tags: ['menu'],
        summary: "The caller's menus (flat; build the tree from parentId) with the button ids granted on each",
        response: { 200: envelopeSchema(z.array(menuItemSchema)) },
      },
      handler: async (req) => {
        const me = authOf(req);
        return envelope(
          me.setup
            ? await repo.treeOfGrants(grantsOfSetup(), languageOf(req))
            : await repo.treeFor(me.userId, languageOf(req)),
        );
      },
    });

    // The menu editor (/sysMenu).
    r.get('/api/menu/getAll', {
      config: { permission: { menu: 'SysMenu', button: 'Search' } },
      schema: {
        tags: ['menu'],
        summary: 'Every menu with its code, both names and the buttons it offers (the menu editor)',
        response: { 200: envelopeSchema(z.array(menuRowSchema)) },
      },
      handler: async () => envelope(await menusAdmin.list()),
    });

    r.post('/api/menu/add', {
      config: { permission: { menu: 'SysMenu', button: 'Add' } },
      preHandler: platformOnly,
      schema: {
        tags: ['menu'],
        summary: 'Add a menu (platform administrator)',
        body: menuInputSchema,
        response: { 200: saved },
      },
      handler: async (req) => envelope(await menusAdmin.add(req.body), 'Saved'),
    });

    r.post('/api/menu/update', {
      config: { permission: { menu: 'SysMenu', button: 'Update' } },
      preHandler: platformOnly,
      schema: {
        tags: ['menu'],
        summary:
          'Change a menu and the buttons it offers; a button taken away loses its grants (platform administrator)',
        body: menuUpdateSchema,
        response: { 200: saved },
      },
      handler: async (req) => envelope(await menusAdmin.update(req.body), 'Saved'),
    });

    r.post('/api/menu/move', {
      config: { permission: { menu: 'SysMenu', button: 'Update' } },
      preHandler: platformOnly,
      schema: {
        tags: ['menu'],
        summary: 'Move a menu under another (or to the top) at a position; never under itself (platform administrator)',
        body: menuMoveSchema,
        response: { 200: done },
      },
      handler: async (req) => {
        await menusAdmin.move(req.body);
        return envelope(null, 'Moved');
      },
    });

    r.post('/api/menu/del', {
      config: { permission: { menu: 'SysMenu', button: 'Delete' } },
      preHandler: platformOnly,
      schema: {
        tags: ['menu'],
        summary: 'Delete a menu without sub-menus that no route names (platform administrator)',
        body: idBody,
        response: { 200: done },
      },
      handler: async (req) => {
        await menusAdmin.remove(req.body.id);
        return envelope(null, 'Deleted');
      },
    });

    // The button catalogue editor (/Button); GET /api/Button/Get above keeps the spec's shape.
    r.get('/api/Button/getAll', {
      config: { permission: { menu: 'Button', button: 'Search' } },
      schema: {
        tags: ['menu'],
        summary: 'The button catalogue with both names, the type and the built-in flag',
        response: { 200: envelopeSchema(z.array(buttonRowSchema)) },
      },
      handler: async () => envelope(await buttonsAdmin.list()),
    });

    r.post('/api/Button/add', {
      config: { permission: { menu: 'Button', button: 'Add' } },
      preHandler: platformOnly,
      schema: {
        tags: ['menu'],
        summary: 'Add a button (platform administrator)',
        body: buttonInputSchema,
        response: { 200: saved },
      },
      handler: async (req) => envelope(await buttonsAdmin.add(req.body), 'Saved'),
    });

    r.post('/api/Button/update', {
      config: { permission: { menu: 'Button', button: 'Update' } },
      preHandler: platformOnly,
      schema: {
        tags: ['menu'],
        summary: 'Change a button; a built-in keeps its code and function name (platform administrator)',
        body: buttonUpdateSchema,
        response: { 200: saved },
      },
      handler: async (req) => envelope(await buttonsAdmin.update(req.body), 'Saved'),
    });

    r.post('/api/Button/del', {
      config: { permission: { menu: 'Button', button: 'Delete' } },
      preHandler: platformOnly,
      schema: {
        tags: ['menu'],
        summary: 'Delete a custom button with its offers and grants (platform administrator)',
        body: idBody,
        response: { 200: done },
      },
      handler: async (req) => {
        await buttonsAdmin.remove(req.body.id);
        return envelope(null, 'Deleted');
      },
    });
  };
}
