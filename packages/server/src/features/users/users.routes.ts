import {
  addUserBodySchema,
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
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { languageOf } from '../../http/language.ts';
import { createdId, screenRoutes } from '../../http/screen-routes.ts';
import { createUserService } from './users.service.ts';

/** The /User screen: users are listed without their password hash, ever. */
export function userRoutes(deps: { db: Db; now: () => Date }) {
  return async (app: FastifyInstance) => {
    const service = createUserService(deps.db, deps.now);
    const screen = screenRoutes(app, 'User');
    const byId = { button: 'Update', input: userIdBodySchema };

    screen.post(
      '/api/User/getUserPage',
      {
        button: 'Search',
        summary: 'A page of the users the caller manages, with roles, organisations and lock state',
        input: userListQuerySchema,
        data: userListSchema,
      },
      (auth, query) => service.list(auth, query),
    );
    screen.get(
      '/api/User/getUserOptions',
      {
        button: 'Search',
        summary: 'The roles the caller may assign and the organisations of the tenant',
        data: userOptionsSchema,
      },
      (auth, _, req) => service.options(auth, languageOf(req)),
    );
    screen.post(
      '/api/User/addUser',
      {
        button: 'Add',
        summary: 'Create a user (user name, password policy, phone and mail checked as on registration)',
        input: addUserBodySchema,
        data: createdId,
        message: 'User created',
      },
      (auth, body) => service.add(auth, body),
    );
    screen.post(
      '/api/User/updateUser',
      {
        button: 'Update',
        summary: "Edit a user's name, contact, organisations and roles",
        input: updateUserBodySchema,
        message: 'Saved',
      },
      (auth, body) => service.update(auth, body),
    );
    screen.post(
      '/api/User/setEnabled',
      {
        button: 'Update',
        summary: 'Enable or disable a user; disabling ends all of its sessions at once',
        input: setUserEnabledBodySchema,
        message: (body) => (body.enabled ? 'User enabled' : 'User disabled; its sessions ended'),
      },
      (auth, body) => service.setEnabled(auth, body.id, body.enabled),
    );
    screen.post(
      '/api/User/resetPassword',
      {
        button: 'Update',
        summary: 'Set a temporary password: the sessions end and the next sign-in must change it',
        input: resetPasswordBodySchema,
        message: 'Password reset; the user must change it at the next sign-in',
      },
      (auth, body) => service.resetPassword(auth, body.id, body.password),
    );
    screen.post(
      '/api/User/unlock',
      { ...byId, summary: 'Clear the failed sign-ins (lift a lockout)', message: 'User unlocked' },
      (auth, body) => service.unlock(auth, body.id),
    );
    screen.post(
      '/api/User/getSessions',
      { ...byId, button: 'Search', summary: "The user's active sessions", data: z.array(userSessionSchema) },
      (auth, body) => service.sessions(auth, body.id),
    );
    screen.post(
      '/api/User/endSessions',
      { ...byId, summary: "End all of the user's sessions", message: 'Sessions ended' },
      (auth, body) => service.endSessions(auth, body.id),
    );
  };
}
