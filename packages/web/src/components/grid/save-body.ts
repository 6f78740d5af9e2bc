import { type EntityMeta, type SaveBody, writableFields } from '@trestle/shared';

export type DetailRow = Record<string, unknown>;
/** The detail rows being edited, per detail entity, and the keys of the rows removed so far. */
export type DetailState = { rows: Record<string, DetailRow[]>; delKeys: Record<string, number[]> };

const pick = (meta: EntityMeta, row: Record<string, unknown>, keep: (name: string) => boolean) => {
  const out: Record<string, unknown> = {};
  for (const f of writableFields(meta)) {
    if (!keep(f.name) || !(f.name in row)) continue;
    const v = row[f.name];
    out[f.name] = v === undefined || v === '' ? null : v;
  }
  return out;
};

/**
 * The add/update body: the writable main fields (with the key and the version read on update), each
 * detail's rows (its key and version when the row exists; the foreign key is the server's to set) and
 * the keys of detail rows removed in the dialog.
 */
export function buildSaveBody(
  meta: EntityMeta,
  values: Record<string, unknown>,
  details: DetailState,
  detailMetas: readonly EntityMeta[],
  original?: Record<string, unknown>,
): SaveBody {
  const mainData = pick(meta, values, () => true);
  if (original) {
    mainData[meta.key] = original[meta.key];
    mainData.version = original.version;
  } else {
    for (const [k, v] of Object.entries(mainData)) if (v === null) delete mainData[k];
  }
  const detailData: Record<string, DetailRow[]> = {};
  const delKeys: Record<string, number[]> = {};
  for (const rel of meta.details) {
    const child = detailMetas.find((m) => m.name === rel.entity);
    if (!child) continue;
    detailData[rel.entity] = (details.rows[rel.entity] ?? []).map((row) => {
      const out = pick(child, row, (name) => name !== rel.foreignKey);
      const key = row[child.key];
      if (typeof key === 'number') {
        out[child.key] = key;
        out.version = row.version;
      } else {
        for (const [k, v] of Object.entries(out)) if (v === null) delete out[k];
      }
      return out;
    });
    delKeys[rel.entity] = [...(details.delKeys[rel.entity] ?? [])];
  }
  return { mainData, detailData, delKeys };
}

/** Removes a detail row; a row already saved leaves its key in delKeys for the server to delete. */
export function removeDetailRow(state: DetailState, entity: string, index: number, keyName: string): DetailState {
  const rows = state.rows[entity] ?? [];
  const key = rows[index]?.[keyName];
  return {
    rows: { ...state.rows, [entity]: rows.filter((_, i) => i !== index) },
    delKeys:
      typeof key === 'number' ? { ...state.delKeys, [entity]: [...(state.delKeys[entity] ?? []), key] } : state.delKeys,
  };
}
