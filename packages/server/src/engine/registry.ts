import { designToMeta, detailsOf, type EntityMeta, type TableDesign } from '@trestle/shared';
import type { EntityDefinition } from './definition.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The entities the engine serves (built-in and designed). */
    entities: EntityRegistry;
  }
}

/**
 * Every entity the engine serves: the built-in ones, then the designed ones (table designs applied). The
 * `definitions` array is the one the engine's readers hold (routes, references, Excel, data permissions):
 * a designed entity applied at run time is put into it in place, so each of them sees it at once.
 */
export type EntityRegistry = {
  readonly definitions: EntityDefinition[];
  /** The built-in entities' definitions: what a designed reference may point at besides other designs. */
  readonly builtIns: readonly EntityMeta[];
  /** A designed entity by name; built-in ones are served by routes of their own. */
  designed(name: string): EntityDefinition | undefined;
  /**
   * Puts in (or replaces, or with null takes out) a designed entity, as its applied design says. The
   * designed masters' details follow: a detail design applied or taken out changes its master's definition.
   */
  setDesigned(name: string, design: TableDesign | null): void;
};

export function createEntityRegistry(builtIns: EntityDefinition[]): EntityRegistry {
  const definitions = [...builtIns];
  const builtInNames = new Set(builtIns.map((d) => d.meta.name));
  const designs = new Map<string, TableDesign>();
  return {
    definitions,
    builtIns: builtIns.map((d) => d.meta),
    designed: (name) => definitions.find((d) => d.designed && d.meta.name === name),
    setDesigned(name, design) {
      if (builtInNames.has(name)) throw new Error(`${name} is a built-in entity`);
      if (design) designs.set(name, design);
      else designs.delete(name);
      // Replaced in place: the engine's readers hold this array. Every designed entity is made again, as
      // its master relations may have changed with this one.
      for (let at = definitions.length - 1; at >= 0; at--) if (definitions[at]?.designed) definitions.splice(at, 1);
      const all = [...designs.values()];
      for (const d of all) definitions.push({ meta: designToMeta(d, detailsOf(d.name, all)), designed: true });
    },
  };
}
