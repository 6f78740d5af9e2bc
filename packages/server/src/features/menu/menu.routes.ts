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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type AuthContext, authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { type Language, languageOf } from '../../http/language.ts';
import { requirePlatformAdmin } from '../../http/platform.ts';
import { createdId, screenRoutes } from '../../http/screen-routes.ts';
import { createButtonService } from './buttons.service.ts';
import { createMenuRepository, type ExtraMenuEntry } from './menu.repository.ts';
import { createMenuService } from './menu.service.ts';

/** The setup wizard's screen: in the setup visitor's menu whatever else the setup code opens. */
const SETUP_HOME_MENU = 'LoginSet';

const idBody = z.strictObject({ id });

export function menuRoutes(deps: {
  db: Db;
  /** Entries of the caller's own that are no catalogue rows (published dashboards and pages), wired in app.ts. */
  extraEntries?: (auth: AuthContext, lang: Language) => Promise<ExtraMenuEntry[]>;
}) {
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
    const platformWrite = (button: string, message: string) => ({
      button,
      message,
      guard: (me: AuthContext) =>
        requirePlatformAdmin(deps.db, me, 'change menus and buttons: every tenant shares them'),
    });

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
            : await repo.treeFor(me.userId, languageOf(req), (await deps.extraEntries?.(me, languageOf(req))) ?? []),
        );
      },
    });

    // The menu editor (/sysMenu).
    const sysMenu = screenRoutes(app, 'SysMenu', { tags: ['menu'] });
    sysMenu.get(
      '/api/menu/getAll',
      {
        button: 'Search',
        summary: 'Every menu with its code, both names and the buttons it offers (the menu editor)',
        data: z.array(menuRowSchema),
      },
      () => menusAdmin.list(),
    );
    sysMenu.post(
      '/api/menu/add',
      {
        ...platformWrite('Add', 'Saved'),
        summary: 'Add a menu (platform administrator)',
        input: menuInputSchema,
        data: createdId,
      },
      (_, body) => menusAdmin.add(body),
    );
    sysMenu.post(
      '/api/menu/update',
      {
        ...platformWrite('Update', 'Saved'),
        summary:
          'Change a menu and the buttons it offers; a button taken away loses its grants (platform administrator)',
        input: menuUpdateSchema,
        data: createdId,
      },
      (_, body) => menusAdmin.update(body),
    );
    sysMenu.post(
      '/api/menu/move',
      {
        ...platformWrite('Update', 'Moved'),
        summary: 'Move a menu under another (or to the top) at a position; never under itself (platform administrator)',
        input: menuMoveSchema,
      },
      (_, body) => menusAdmin.move(body),
    );
    sysMenu.post(
      '/api/menu/del',
      {
        ...platformWrite('Delete', 'Deleted'),
        summary: 'Delete a menu without sub-menus that no route names (platform administrator)',
        input: idBody,
      },
      (_, body) => menusAdmin.remove(body.id),
    );

    // The button catalogue editor (/Button); GET /api/Button/Get above keeps the spec's shape.
    const button = screenRoutes(app, 'Button', { tags: ['menu'] });
    button.get(
      '/api/Button/getAll',
      {
        button: 'Search',
        summary: 'The button catalogue with both names, the type and the built-in flag',
        data: z.array(buttonRowSchema),
      },
      () => buttonsAdmin.list(),
    );
    button.post(
      '/api/Button/add',
      {
        ...platformWrite('Add', 'Saved'),
        summary: 'Add a button (platform administrator)',
        input: buttonInputSchema,
        data: createdId,
      },
      (_, body) => buttonsAdmin.add(body),
    );
    button.post(
      '/api/Button/update',
      {
        ...platformWrite('Update', 'Saved'),
        summary: 'Change a button; a built-in keeps its code and function name (platform administrator)',
        input: buttonUpdateSchema,
        data: createdId,
      },
      (_, body) => buttonsAdmin.update(body),
    );
    button.post(
      '/api/Button/del',
      {
        ...platformWrite('Delete', 'Deleted'),
        summary: 'Delete a custom button with its offers and grants (platform administrator)',
        input: idBody,
      },
      (_, body) => buttonsAdmin.remove(body.id),
    );
  };
}
