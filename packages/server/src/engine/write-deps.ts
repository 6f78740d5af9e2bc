import type { FieldMeta } from '@trestle/shared';
import type { SQL } from 'drizzle-orm';
import type { AuthContext } from '../http/auth.ts';
import type { Language } from '../http/language.ts';
import type { EntityDefinition, Row } from './definition.ts';
import type { Choices } from './references.ts';
import type { SaveBody } from './write-details.ts';

/** The tenant's settings the engine applies: document number patterns, who may approve what. */
export type EngineSettings = {
  /** Entity name → the pattern of its numbered field, over the metadata's. */
  codePatterns: Record<string, string>;
  /** Entity name → whether a submitter may not approve, over the metadata's `separateApprover`. */
  separateApprover: Record<string, boolean>;
};

export type WriteDeps = {
  auth: AuthContext;
  now: Date;
  /** The caller's language, for the refusals worded in it. */
  lang: Language;
  /** The caller's tenant's engine settings (read once per request). */
  settings(): Promise<EngineSettings>;
  /** The scope condition of an entity for this caller (tenant, soft delete, data scope). */
  scopeOf(def: EntityDefinition): SQL;
  /** The rows a reference field may name for this caller: what its picker offers. */
  choicesOf(f: FieldMeta): Choices;
  detailOf(name: string): EntityDefinition;
  /** The tenant's published form bound to the entity, as a gate its add and update pass (none: no form). */
  boundForm?(def: EntityDefinition): Promise<FormGate | null>;
  /** Told, after a write commits, the tables it changed (BI drops its results over them: written.ts). */
  written?(tables: string[]): void;
};

/**
 * What a form laid over an entity's dialog makes of a save (features/forms): the body to save instead, or a
 * 400 on the fields it refuses. `stored` is the record an update changes (the form's rules read all of it).
 */
export type FormGate = (body: SaveBody, stored: Row | undefined) => SaveBody;
