import { z } from 'zod';
import type { SeedDictionary } from './seed-project.ts';

/** A `*.dictionaries.json` file: the dictionaries in their order (their sort), each item [value, en, zh]. */
const dictionaryFileSchema = z.array(
  z.strictObject({
    code: z.string().min(1),
    name: z.string().min(1),
    items: z.array(z.tuple([z.string().min(1), z.string().min(1), z.string().min(1)])).optional(),
  }),
);

/**
 * The dictionaries of a data file beside a seed. A dictionary whose items the code owns (a shared
 * constant, the warning rules) is listed in the file without items, to keep its place, and `owned`
 * gives them.
 */
export function dictionariesFrom(file: unknown, owned: Record<string, SeedDictionary['items']> = {}): SeedDictionary[] {
  const listed = dictionaryFileSchema.parse(file);
  for (const code of Object.keys(owned)) {
    if (!listed.some((d) => d.code === code && !d.items)) throw new Error(`seed: ${code} is not listed without items`);
  }
  return listed.map(({ code, name, items }) => {
    const given = items ?? owned[code];
    if (!given) throw new Error(`seed: dictionary ${code} has no items`);
    return { code, name, items: given };
  });
}
