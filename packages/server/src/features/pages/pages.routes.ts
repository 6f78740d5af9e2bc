import {
  designerRoleSchema,
  envelopeSchema,
  id,
  idParam,
  pageCreateSchema,
  pageDetailSchema,
  pageListItemSchema,
  pagePatchResultSchema,
  pagePatchSchema,
  pagePublishSchema,
  pageRestoreSchema,
  pageSettingsSchema,
  pageVersionItemSchema,
  pageVersionSchema,
  pageViewSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { saveCheckedUploads, storedFileSchema } from '../../http/files.upload.ts';
import { languageOf } from '../../http/language.ts';
import { createdId, screenRoutes } from '../../http/screen-routes.ts';
import type { FileStore } from '../../platform/files.store.ts';
import { PAGE_MENU, pageView } from './pages.access.ts';
import type { PatchDeps } from './pages.patch.ts';
import { patchPage } from './pages.patch.ts';
import { listPages, listVersions, menuFolders, pageDetail, readVersion, tenantRoles } from './pages.repository.ts';
import { createPage, deletePage, publishPage, restorePage, savePageSettings, unpublishPage } from './pages.service.ts';

const tags = [PAGE_MENU];
const idPath = z.strictObject({ id: idParam });
const idBody = z.strictObject({ id });
const done = z.object({ id: z.number() });

/**
 * /pageDesign: the company's pages (row-level security keeps companies apart), designed under PageDesign's grants,
 * and /page/:id, a published page as its viewer opens it. Pages hold no data: their blocks read and write each
 * entity through its own routes as the viewer.
 */
export function pageRoutes(deps: PatchDeps & { store: FileStore }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const s = screenRoutes(app, PAGE_MENU, { tags });
    const grant = (button: string) => ({ permission: { menu: PAGE_MENU, button } });

    s.get(
      '/api/pages/list',
      { button: 'Search', summary: 'Every page, with its status and versions', data: z.array(pageListItemSchema) },
      () => listPages(deps.db),
    );
    r.get('/api/pages/get/:id', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'A page’s settings and its draft’s nodes, each with its version',
        params: idPath,
        response: { 200: envelopeSchema(pageDetailSchema) },
      },
      handler: async (req) => envelope(await pageDetail(deps.db, req.params.id)),
    });
    s.post(
      '/api/pages/create',
      {
        button: 'Add',
        summary: 'A new page: just its root, or a copy of another page’s draft (copyOf, a template)',
        input: pageCreateSchema,
        data: createdId,
      },
      (auth, body) => createPage(deps, auth, body),
    );
    s.post(
      '/api/pages/settings',
      {
        button: 'Update',
        summary: 'A page’s title, the roles it is shared with and its menu folder, over the revision read',
        description: 'Share roles must be the company’s, the folder a menu folder of its package or "" (top level).',
        input: pageSettingsSchema,
        data: z.object({ id: z.number(), revision: z.number() }),
      },
      (auth, body, req) => savePageSettings(deps, auth, languageOf(req), body),
    );
    s.post(
      '/api/pages/patch',
      {
        button: 'Update',
        summary: 'Per-node changes to the draft, applied together or not at all',
        description:
          'Each update and remove names the node’s version as read: a node changed since makes the whole patch a ' +
          '409, while patches of other nodes go through. The resulting page is checked (checkPage and the ' +
          'server’s own checks): problems are a 400 keyed nodes.<uid>.<path>. Rich text is stored sanitised.',
        input: pagePatchSchema,
        data: pagePatchResultSchema,
      },
      (auth, body) => patchPage(deps, auth, body),
    );
    s.post(
      '/api/pages/publish',
      {
        button: 'Update',
        summary: 'The draft, checked again, as the next version: what viewers see from now on',
        input: pagePublishSchema,
        data: z.object({ id: z.number(), version: z.number() }),
      },
      (auth, body) => publishPage(deps, auth, body),
    );
    s.post(
      '/api/pages/unpublish',
      { button: 'Update', summary: 'Off its viewers’ menus and views', input: idBody, data: done },
      (auth, body) => unpublishPage(deps, auth, body.id),
    );
    r.get('/api/pages/versions/:id', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'A page’s published versions, newest first',
        params: idPath,
        response: { 200: envelopeSchema(z.array(pageVersionItemSchema)) },
      },
      handler: async (req) => envelope(await listVersions(deps.db, req.params.id)),
    });
    s.get(
      '/api/pages/version',
      {
        button: 'Search',
        summary: 'One published version’s nodes',
        input: z.strictObject({ id: idParam, version: idParam }),
        data: pageVersionSchema,
      },
      async (_auth, q) => ({ version: q.version, nodes: (await readVersion(deps.db, q.id, q.version)).nodes }),
    );
    s.post(
      '/api/pages/restore',
      {
        button: 'Update',
        summary: 'The draft made a published version’s nodes again (publish it separately)',
        input: pageRestoreSchema,
        data: pageDetailSchema,
      },
      (auth, body) => restorePage(deps, auth, body),
    );
    s.post(
      '/api/pages/delete',
      { button: 'Delete', summary: 'A page, its nodes and its versions', input: idBody, data: done },
      (_auth, body) => deletePage(deps.db, body.id),
    );
    s.get(
      '/api/pages/roles',
      {
        button: 'Search',
        summary: 'The company’s enabled roles, to share a page with',
        data: z.array(designerRoleSchema),
      },
      (auth, _q, req) => tenantRoles(deps.db, auth.tenantId, languageOf(req)),
    );
    s.get(
      '/api/pages/folders',
      {
        button: 'Search',
        summary: 'The menu folders a page may be published under',
        data: z.array(z.object({ code: z.string(), name: z.string() })),
      },
      (_auth, _q, req) => menuFolders(deps.db, languageOf(req)),
    );
    // An image block's picture: kept in the tenant's file store like any upload (type checked by content), shown
    // by its key through /api/file/<key>, so a page never points a viewer's browser at another site.
    r.post('/api/pages/upload', {
      config: grant('Update'),
      schema: {
        tags,
        summary: 'Upload a picture for an image block (multipart field "file"; SiteConfig’s size limit and kinds)',
        response: { 200: envelopeSchema(z.array(storedFileSchema)) },
      },
      handler: async (req) =>
        envelope(await saveCheckedUploads(req, { db: deps.db, store: deps.store }, 'Page', 'image')),
    });
    r.get('/api/pages/view/:id', {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'A published page as its viewer draws it',
        description:
          'For a page designer or a caller with one of the page’s share roles (403 otherwise); a page that is not ' +
          'published, or is another company’s, is a 404.',
        params: idPath,
        response: { 200: envelopeSchema(pageViewSchema) },
      },
      handler: async (req) => envelope(await pageView(deps.db, authOf(req), req.params.id)),
    });
  };
}
