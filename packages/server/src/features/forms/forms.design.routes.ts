import {
  designerDictionarySchema,
  designerOrganizationSchema,
  designerRoleSchema,
  envelopeSchema,
  formAccessSchema,
  formDesignSchema,
  formDetailSchema,
  formListItemSchema,
  formVersionItemSchema,
  id,
  idParam,
} from '@trestle/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.ts';
import { badRequest, envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import { formCaller } from './forms.access.ts';
import { designerDictionaries, designerOrganizations, designerRoles } from './forms.choices.ts';
import { addForm, type DesignDeps, deleteForm, publishForm, revertForm, saveAccess, saveForm } from './forms.design.ts';
import { accessOf, listForms, listVersions, readForm, readVersion } from './forms.repository.ts';

const MENU = 'formDesign';
const tags = [MENU];
const grant = (button: string) => ({ permission: { menu: MENU, button } });

const idQuery = z.strictObject({ id: idParam });
const version = z.number().int().min(1);

/** /formDesign: forms laid out and published, each tenant's own (row-level security keeps them apart). */
export function formDesignRoutes(deps: DesignDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const caller = (req: FastifyRequest) => formCaller(deps.db, authOf(req));

    r.get('/api/formDesign/list', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Every form of the company, with whether its draft is published',
        response: { 200: envelopeSchema(z.array(formListItemSchema)) },
      },
      handler: async () => envelope(await listForms(deps.db)),
    });

    r.get('/api/formDesign/get', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'One form: its draft, its published design, who may do what, and the version to save over',
        querystring: idQuery,
        response: { 200: envelopeSchema(formDetailSchema) },
      },
      handler: async (req) => {
        const row = await readForm(deps.db, req.query.id);
        const published = row.publishedVersion ? await readVersion(deps.db, row.id, row.publishedVersion) : null;
        return envelope({
          id: row.id,
          version: row.version,
          draft: row.draft,
          published,
          publishedVersion: row.publishedVersion,
          access: accessOf(row),
          publicToken: row.publicToken,
        });
      },
    });

    r.post('/api/formDesign/add', {
      config: grant('Add'),
      schema: {
        tags,
        summary: 'A new form (a draft): a bound one names an entity the caller may open that has no form yet',
        description: '400 with the design’s problems in fieldErrors; 409 when the entity has a form already.',
        body: z.strictObject({ design: formDesignSchema }),
        response: { 200: envelopeSchema(z.object({ id: z.number(), version: z.number() })) },
      },
      handler: async (req) => envelope(await addForm(deps, await caller(req), req.body.design), 'Saved'),
    });

    r.post('/api/formDesign/save', {
      config: grant('Update'),
      schema: {
        tags,
        summary: 'Saves the draft over the version read (409 when someone saved since)',
        body: z.strictObject({ id, version, design: formDesignSchema }),
        response: { 200: envelopeSchema(z.object({ version: z.number() })) },
      },
      handler: async (req) =>
        envelope(await saveForm(deps, await caller(req), req.body.id, req.body.version, req.body.design), 'Saved'),
    });

    r.post('/api/formDesign/publish', {
      config: grant('Update'),
      schema: {
        tags,
        summary: 'Publishes the draft as the next version: new answers are filled with it',
        description: '409 `Nothing to publish` when the draft is the last version published.',
        body: z.strictObject({ id, version }),
        response: { 200: envelopeSchema(z.object({ publishedVersion: z.number(), version: z.number() })) },
      },
      handler: async (req) =>
        envelope(await publishForm(deps, await caller(req), req.body.id, req.body.version), 'Published'),
    });

    r.get('/api/formDesign/versions', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'The published versions, newest first, with how many answers each has',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.array(formVersionItemSchema)) },
      },
      handler: async (req) => {
        await readForm(deps.db, req.query.id);
        return envelope(await listVersions(deps.db, req.query.id));
      },
    });

    r.get('/api/formDesign/version', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'One published version’s design',
        querystring: z.strictObject({ id: idParam, version: idParam }),
        response: { 200: envelopeSchema(z.object({ version: z.number(), design: formDesignSchema })) },
      },
      handler: async (req) => {
        await readForm(deps.db, req.query.id);
        const design = await readVersion(deps.db, req.query.id, req.query.version);
        if (!design) throw badRequest('No such version', { version: `no version ${req.query.version}` });
        return envelope({ version: req.query.version, design });
      },
    });

    r.post('/api/formDesign/revert', {
      config: grant('Update'),
      schema: {
        tags,
        summary: 'Makes the draft a published version’s design again (publish it separately)',
        body: z.strictObject({ id, version, toVersion: version }),
        response: { 200: envelopeSchema(z.object({ version: z.number() })) },
      },
      handler: async (req) =>
        envelope(await revertForm(deps, await caller(req), req.body.id, req.body.version, req.body.toVersion), 'Saved'),
    });

    r.post('/api/formDesign/access', {
      config: grant('Update'),
      schema: {
        tags,
        summary: 'Who may design, fill and read the form, and its public link (a token is made when first on)',
        body: z.strictObject({ id, version, access: formAccessSchema }),
        response: { 200: envelopeSchema(z.object({ version: z.number(), publicToken: z.string().nullable() })) },
      },
      handler: async (req) =>
        envelope(await saveAccess(deps, await caller(req), req.body.id, req.body.version, req.body.access), 'Saved'),
    });

    r.get('/api/formDesign/roles', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'The company’s enabled roles, to choose who may design, fill and read a form (and rules on roles)',
        response: { 200: envelopeSchema(z.array(designerRoleSchema)) },
      },
      handler: async (req) => envelope(await designerRoles(deps.db, authOf(req).tenantId, languageOf(req))),
    });

    r.get('/api/formDesign/dictionaries', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'The company’s enabled dictionaries, to choose a choice field’s',
        response: { 200: envelopeSchema(z.array(designerDictionarySchema)) },
      },
      handler: async (req) => envelope(await designerDictionaries(deps.db, authOf(req).tenantId)),
    });

    r.get('/api/formDesign/organizations', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'The company’s organisations (a tree by parentId), for rules on the filler’s organisation',
        response: { 200: envelopeSchema(z.array(designerOrganizationSchema)) },
      },
      handler: async (req) => envelope(await designerOrganizations(deps.db, authOf(req).tenantId, languageOf(req))),
    });

    r.post('/api/formDesign/del', {
      config: grant('Delete'),
      schema: {
        tags,
        summary: 'Deletes a form without answers (409 with them); a bound form’s entity gets its own dialog back',
        body: z.strictObject({ id }),
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
      handler: async (req) => envelope(await deleteForm(deps, await caller(req), req.body.id), 'Deleted'),
    });
  };
}
