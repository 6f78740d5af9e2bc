import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../http/errors.ts';
import type { EntityDefinition } from './definition.ts';
import type { EngineDeps } from './engine-context.ts';

/**
 * Where an entity's routes are and which entity a request is for: a built-in entity has routes of its own
 * (`/api/Employee/…`, documented with its name), the designed ones share `/api/:entity/…`, whose grant is
 * checked on the menu the path names and whose entity is looked up in the registry at each request.
 */
export type EntityTarget = {
  base: string;
  menu: string;
  tags: string[];
  /** How the summaries name the entity. */
  label: string;
  /** The approval routes: a built-in entity has them with `audit`; the shared routes always (404 without). */
  audit: boolean;
  params?: z.ZodType;
  /** For the shared routes: whether a path's entity name is a designed entity (404, not 403, when not). */
  namesSomething?: (name: string) => boolean;
  resolve(req: FastifyRequest): EntityDefinition;
};

/** What each route of a target declares: its grant for a button, and the params of a shared path. */
export function routeParts(target: EntityTarget) {
  return {
    grant: (button: string) => ({
      permission: { menu: target.menu, button },
      ...(target.namesSomething ? { namesSomething: target.namesSomething } : {}),
    }),
    params: target.params ? { params: target.params } : {},
  };
}

/** The entity name a shared route's path carries. */
export const entityParams = z.object({ entity: z.string().regex(/^[A-Z][A-Za-z0-9]{0,39}$/) });

/** The targets of the engine's routes: each built-in entity, and the designed ones behind one shared path. */
export function engineTargets(
  deps: EngineDeps,
  designed?: (name: string) => EntityDefinition | undefined,
): EntityTarget[] {
  const targets: EntityTarget[] = deps.definitions
    .filter((d) => !d.detailOnly && !d.designed)
    .map((def) => ({
      base: `/api/${def.meta.name}`,
      menu: def.meta.name,
      tags: [def.meta.name],
      label: def.meta.label.en,
      audit: def.meta.audit,
      resolve: () => def,
    }));
  if (designed)
    targets.push({
      base: '/api/:entity',
      menu: ':entity',
      tags: ['designed entities'],
      label: 'A designed entity',
      audit: true,
      params: entityParams,
      namesSomething: (name) => designed(name) !== undefined,
      resolve: (req) => {
        const def = designed((req.params as { entity: string }).entity);
        if (!def) throw new AppError(404, 'not_found', 'No such entity');
        return def;
      },
    });
  return targets;
}
