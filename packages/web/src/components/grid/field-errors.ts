/** A form field path: a main field, or ['detailData', entity, rowIndex, field] for a detail cell. */
export type FieldPath = string | (string | number)[];

/**
 * The server's fieldErrors (`mainData.<field>`, `detailData.<Entity>.<i>.<field>`) as antd setFields
 * entries; errors on names the form does not show come back in `unplaced` to be told another way.
 */
export function mapFieldErrors(
  fieldErrors: Record<string, string>,
  hasField: (path: FieldPath) => boolean,
): { fields: { name: FieldPath; errors: string[] }[]; unplaced: string[] } {
  const fields: { name: FieldPath; errors: string[] }[] = [];
  const unplaced: string[] = [];
  for (const [key, message] of Object.entries(fieldErrors)) {
    const parts = key.split('.');
    let path: FieldPath | null = null;
    if (parts[0] === 'mainData' && parts.length === 2 && parts[1]) path = parts[1];
    else if (parts[0] === 'detailData' && parts.length === 4 && parts[1] && parts[3] && /^\d+$/.test(parts[2] ?? '')) {
      path = ['detailData', parts[1], Number(parts[2]), parts[3]];
    } else if (parts.length === 1 && parts[0]) path = parts[0];
    if (path !== null && hasField(path)) fields.push({ name: path, errors: [message] });
    else unplaced.push(`${key}: ${message}`);
  }
  return { fields, unplaced };
}
