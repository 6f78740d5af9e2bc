import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, queryRows } from '../db/client.ts';
import { dataScopeOf, grantExpr, scopeExpr } from '../http/access.ts';
import { type AuthContext, authOf } from '../http/auth.ts';
import { type Language, languageOf } from '../http/language.ts';
import type { EntityDefinition } from './definition.ts';
import { choicesOf } from './references.ts';
import { scopeWhere } from './scope.ts';
import type { EngineSettings, FormGate, WriteDeps } from './write-deps.ts';

export type EngineDeps = {
  db: Db;
  now: () => Date;
  definitions: EntityDefinition[];
  /** The tenant's engine settings (site settings); the metadata's defaults apply without it. */
  settings?: (tenantId: number) => Promise<EngineSettings>;
  /** The tenant's published bound form of an entity (features/forms), which its add and update pass. */
  boundForm?: (auth: AuthContext, def: EntityDefinition) => Promise<FormGate | null>;
  /** Told, after a write of the tenant's commits, the tables it changed (features/bi's cache). */
  written?: (tenantId: number, tables: string[]) => void;
};

const noSettings: EngineSettings = { codePatterns: {}, separateApprover: {} };

/** The write context of a caller: the scope condition for any entity, the reference choices, the details. */
function writeDeps(deps: EngineDeps, auth: AuthContext, lang: Language): WriteDeps {
  const detailOf = (name: string) => {
    const def = deps.definitions.find((d) => d.meta.name === name);
    if (!def) throw new Error(`unknown detail entity ${name}`);
    return def;
  };
  let settings: Promise<EngineSettings> | undefined;
  const { boundForm, written } = deps;
  return {
    auth,
    now: deps.now(),
    lang,
    settings: () => {
      settings ??= deps.settings ? deps.settings(auth.tenantId) : Promise.resolve(noSettings);
      return settings;
    },
    scopeOf: (def) => scopeWhere(def, auth),
    choicesOf: (f) => choicesOf(deps.definitions, auth, f),
    detailOf,
    ...(boundForm ? { boundForm: (def: EntityDefinition) => boundForm(auth, def) } : {}),
    ...(written ? { written: (tables: string[]) => written(auth.tenantId, tables) } : {}),
  };
}

/** The engine's view of one request: the write context of the caller, for the route's own grant. */
export function engineContext(deps: EngineDeps) {
  return async (req: FastifyRequest): Promise<WriteDeps> => writeDeps(deps, authOf(req), languageOf(req));
}

/**
 * The caller's write context for another button of the route's menu (an import that updates rows needs
 * Update): null without that grant, else with the data scope of the roles that hold it, the scope that
 * button's own route would apply (a per-action union, as the session check computes it).
 */
export async function contextForButton(
  deps: EngineDeps,
  auth: AuthContext,
  grant: { menu: string; button: string },
  lang: Language,
): Promise<WriteDeps | null> {
  const [row] = await queryRows<{ granted: boolean; scope: unknown }>(
    deps.db,
    sql`select ${grantExpr(sql`${auth.userId}`, grant.menu, grant.button)} as granted, ${scopeExpr(sql`${auth.userId}`, grant)} as scope`,
  );
  if (row?.granted !== true) return null;
  return writeDeps(deps, { ...auth, dataScope: dataScopeOf(row.scope) }, lang);
}
