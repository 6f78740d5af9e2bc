import { decimalText } from './decimal.ts';
import { type Expr, type ExprScope, evaluate, parseExpression } from './expression.ts';
import type { EntityMeta, FieldMeta } from './metadata.ts';

type Row = Record<string, unknown>;

const parsed = new Map<string, Expr>();
/** An expression's tree, parsed once per source text (a form's rules and an entity's fields run on every change). */
export function expressionTree(source: string): Expr {
  let tree = parsed.get(source);
  if (!tree) {
    tree = parseExpression(source);
    parsed.set(source, tree);
  }
  return tree;
}

/** The fields of an entity computed by an expression. */
export const computedFields = (meta: EntityMeta): FieldMeta[] => meta.fields.filter((f) => f.computed !== undefined);

/** A computed value as the field's wire value: a decimal string with the field's scale, an integer, or null. */
function wireValue(f: FieldMeta, scope: ExprScope): unknown {
  const v = evaluate(expressionTree(f.computed ?? ''), scope);
  if (v === null) return null;
  if (f.type === 'integer') return Number(decimalText(v, 0));
  return decimalText(v, f.type === 'decimal' ? (f.scale ?? 2) : 2);
}

/** Every computed field of one row; a field reading another computed one sees its new value (passes until stable). */
function computeRow(meta: EntityMeta, scope: ExprScope): Row {
  const fields = computedFields(meta);
  const row = { ...scope.row };
  for (let pass = 0; pass <= fields.length; pass++) {
    let changed = false;
    for (const f of fields) {
      const value = wireValue(f, { ...scope, row });
      if (value !== row[f.name]) {
        row[f.name] = value;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return row;
}

/** The lines in their entity's default order (allocate() gives the last one the remainder). */
function ordered(meta: EntityMeta, lines: Row[]): Row[] {
  const { field, order } = meta.defaultSort;
  const sign = order === 'asc' ? 1 : -1;
  const value = (r: Row) => (typeof r[field] === 'number' ? (r[field] as number) : Number(r[field] ?? Number.NaN));
  return [...lines]
    .map((row, at) => ({ row, at }))
    .sort((a, b) => {
      const x = value(a.row);
      const y = value(b.row);
      if (Number.isNaN(x) || Number.isNaN(y) || x === y) return a.at - b.at;
      return (x - y) * sign;
    })
    .map((x) => x.row);
}

function computeLines(meta: EntityMeta, master: Row, lines: Row[]): Row[] {
  if (computedFields(meta).length === 0) return lines;
  const sorted = ordered(meta, lines);
  const done = new Map<Row, Row>();
  sorted.forEach((line, index) => {
    done.set(line, computeRow(meta, { row: line, master, siblings: { rows: sorted, index } }));
  });
  return lines.map((l) => done.get(l) ?? l);
}

/**
 * A document with its computed fields filled in, and its lines with theirs: the lines first (a line may
 * read its document's fields), then the document (it may total its lines), then the lines again with the
 * document's final values. The same function runs in the form and on the server, so both agree to the cent.
 */
export function computeDocument(
  meta: EntityMeta,
  row: Row,
  lines: Record<string, Row[]> = {},
  detailMetas: readonly EntityMeta[] = [],
): { row: Row; lines: Record<string, Row[]> } {
  const detailOf = (name: string) => detailMetas.find((m) => m.name === name);
  const pass = (master: Row) => {
    const out: Record<string, Row[]> = {};
    for (const [name, rows] of Object.entries(lines)) {
      const child = detailOf(name);
      out[name] = child ? computeLines(child, master, rows) : rows;
    }
    return out;
  };
  const first = pass(row);
  const master = computeRow(meta, { row, lines: first });
  return { row: master, lines: pass(master) };
}

/** Does the entity or one of its lines compute anything? */
export const computesAnything = (meta: EntityMeta, detailMetas: readonly EntityMeta[] = []) =>
  computedFields(meta).length > 0 || detailMetas.some((m) => computedFields(m).length > 0);
