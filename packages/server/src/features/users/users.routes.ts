import {
  addUserBodySchema,
  envelopeSchema,
  resetPasswordBodySchema,
  setUserEnabledBodySchema,
  updateUserBodySchema,
  userIdBodySchema,
  userListQuerySchema,
  userListSchema,
  userOptionsSchema,
  userSessionSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import { createUserService } from './users.service.ts';

const MENU = 'User';
const can = (button: string) => ({ permission: { menu: MENU, button } });
const tags = ['User'];
const nullEnvelope = envelopeSchema(z.null());

/** The /User screen: users are listed without their password hash, ever. */
export function userRoutes(deps: { db: Db; now: () => Date }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createUserService(deps.db, deps.now);

    r.post('/api/User/getUserPage', {
      config: can('Search'),
      schema: {
        tags,
        summary: 'A page of the users the caller manages, with roles, organisations and lock state',
        body: userListQuerySchema,
        response: { 200: envelopeSchema(userListSchema) },
      },
      handler: async (req) => envelope(await service.list(authOf(req), req.body)),
    });

    r.get('/api/User/getUserOptions', {
      config: can('Search'),
      schema: {
        tags,
        summary: 'The roles the caller may assign and the organisations of the tenant',
        response: { 200: envelopeSchema(userOptionsSchema) },
      },
      handler: async (req) => envelope(await service.options(authOf(req), languageOf(req))),
    });

    r.post('/api/User/addUser', {
      config: can('Add'),
      schema: {
        tags,
        summary: 'Create a user (user name, password policy, phone and mail checked as on registration)',
        body: addUserBodySchema,
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
      handler: async (req) => envelope(await service.add(authOf(req), req.body), 'User created'),
    });

    r.post('/api/User/updateUser', {
      config: can('Update'),
      schema: {
        tags,
        summary: "Edit a user's name, contact, organisations and roles",
        body: updateUserBodySchema,
        response: { 200: nullEnvelope },
      },
      handler: async (req) => {
        await service.update(authOf(req), req.body);
        return envelope(null, 'Saved');
      },
    });

    r.post('/api/User/setEnabled', {
      config: can('Update'),
      schema: {
        tags,
        summary: 'Enable or disable a user; disabling ends all of its sessions at once',
        body: setUserEnabledBodySchema,
        response: { 200: nullEnvelope },
      },
      handler: async (req) => {
        await service.setEnabled(authOf(req), req.body.id, req.body.enabled);
        return envelope(null, req.body.enabled ? 'User enabled' : 'User disabled; its sessions ended');
      },
    });

    r.post('/api/User/resetPassword', {
      config: can('Update'),
      schema: {
        tags,
        summary: 'Set a temporary password: the sessions end and the next sign-in must change it',
        body: resetPasswordBodySchema,
        response: { 200: nullEnvelope },
      },
      handler: async (req) => {
        await service.resetPassword(authOf(req), req.body.id, req.body.password);
        return envelope(null, 'Password reset; the user must change it at the next sign-in');
      },
    });

    r.post('/api/User/unlock', {
      config: can('Update'),
      schema: {
        tags,
        summary: 'Clear the failed sign-ins (lift a lockout)',
        body: userIdBodySchema,
        response: { 200: nullEnvelope },
      },
      handler: async (req) => {
        await service.unlock(authOf(req), req.body.id);
        return envelope(null, 'User unlocked');
      },
    });

    r.post('/api/User/getSessions', {
      config: can('Search'),
      schema: {
        tags,
        summary: "The user's active sessions",
        body: userIdBodySchema,
        response: { 200: envelopeSchema(z.array(userSessionSchema)) },
      },
      handler: async (req) => envelope(await service.sessions(authOf(req), req.body.id)),
    });

    r.post('/api/User/endSessions', {
      config: can('Update'),
      schema: {
        tags,
        summary: "End all of the user's sessions",
        body: userIdBodySchema,
        response: { 200: nullEnvelope },
      },
      handler: async (req) => {
        await service.endSessions(authOf(req), req.body.id);
        return envelope(null, 'Sessions ended');
      },
    });
  };
}
