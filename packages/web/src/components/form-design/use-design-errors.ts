import { checkFormDesign, type EntityScreenMeta, type FormDesign, formDesignSchema } from '@trestle/shared';
import { useMemo } from 'react';
import { itemKeys } from './design-errors.ts';

/**
 * The design's problems as the server would find them: the contract's own (a name's form, an empty label)
 * and checkFormDesign's (a rule naming a missing field, a computed value reading itself), with a refused
 * save's for as long as the design is the one refused. A bound form whose entity is still loading is not
 * yet judged on its fields.
 */
export function designErrors(
  design: FormDesign,
  entity: EntityScreenMeta | undefined,
  refused: { design: FormDesign; errors: Record<string, string> } | null,
): Record<string, string> {
  const parsed = formDesignSchema.safeParse(design);
  const schema: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) schema[issue.path.join('.') || 'design'] ??= issue.message;
  const errors = itemKeys(design, schema);
  if (design.entity === undefined || entity) Object.assign(errors, checkFormDesign(design, entity));
  if (refused && refused.design === design) Object.assign(errors, itemKeys(design, refused.errors));
  return errors;
}

export const useDesignErrors = (...args: Parameters<typeof designErrors>) => {
  const [design, entity, refused] = args;
  return useMemo(() => designErrors(design, entity, refused), [design, entity, refused]);
};
