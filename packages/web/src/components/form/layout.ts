import type { EntityMeta, FieldMeta } from '@trestle/shared';

export type PlacedField = { field: FieldMeta; span: number };

/**
 * The 2-D layout of the search or edit form: rows in order, cells by column; a cell is 24/cols wide
 * (cols = the widest row of the layout) unless the field says its own span.
 */
export function layoutRows(fields: readonly FieldMeta[], where: 'search' | 'edit'): PlacedField[][] {
  const placed = fields.flatMap((field) => {
    const place = field[where];
    return place ? [{ field, place }] : [];
  });
  const cols = Math.max(1, ...placed.map((p) => p.place.col));
  const rows = new Map<number, typeof placed>();
  for (const p of placed) rows.set(p.place.row, [...(rows.get(p.place.row) ?? []), p]);
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, cells]) =>
      cells
        .sort((a, b) => a.place.col - b.place.col)
        .map(({ field, place }) => ({ field, span: place.span ?? Math.floor(24 / cols) })),
    );
}

/** One record of the entity, named in the current language ("employee", "员工"). */
export const singularOf = (meta: Pick<EntityMeta, 'singular' | 'label'>, language: string): string =>
  labelOf({ label: meta.singular ?? meta.label }, language);

/** The field's label in the current language (zh-* → Chinese). */
export const labelOf = (field: Pick<FieldMeta, 'label'>, language: string): string =>
  language.toLowerCase().startsWith('zh') ? field.label.zh : field.label.en;

/** The field's hint in the current language, or the other one's when this one is empty; none without either. */
export function helpOf(field: Pick<FieldMeta, 'help'>, language: string): string | undefined {
  const zh = language.toLowerCase().startsWith('zh');
  const [first, second] = zh ? [field.help?.zh, field.help?.en] : [field.help?.en, field.help?.zh];
  return first?.trim() || second?.trim() || undefined;
}
