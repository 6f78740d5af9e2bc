import type { FieldMeta } from '@trestle/shared';
import type { SQL } from 'drizzle-orm';
import type { AuthContext } from '../http/auth.ts';
import type { Language } from '../http/language.ts';
import type { EntityDefinition } from './definition.ts';
import type { Choices } from './references.ts';

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
};
