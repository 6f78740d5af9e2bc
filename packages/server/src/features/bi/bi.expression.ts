import { type CalculatedField, decimalText, type Expr, expressionTree } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { badDefinition } from './bi.query.ts';

/**
 * A dataset's calculated field as SQL on the row: the computed fields' expression tree (shared/entity/
 * expression.ts, parsed once per text) written as numeric arithmetic with the same meaning the form and the
 * engine give it: an empty operand makes the result empty, a division by zero too (nullif), min and max are
 * empty when any argument is, round takes its digits from 0 to 18.
 */

type Reader = {
  /** An entity field of the dataset's row, as a number; undefined when it has none of that name (or not a number). */
  number(name: string): SQL | undefined;
  calculated: readonly CalculatedField[];
};

const problem = (at: number, message: string) => badDefinition(`definition.calculated.${at}.expression`, message);

/** The digits of round(x, digits): a constant as it is, an expression cut to a whole number within 0–18. */
function digitsOf(e: Expr, compile: (x: Expr) => SQL): SQL {
  if (e.kind === 'number') {
    const n = Math.max(0, Math.min(18, Math.trunc(Number(decimalText(e.value, e.value.scale)))));
    return sql.raw(String(n));
  }
  return sql`least(greatest(trunc(${compile(e)})::int, 0), 18)`;
}

/** Every argument non-empty, or the result is empty (as `evaluate` does), before least/greatest pick one. */
function whenAllPresent(args: SQL[], value: SQL): SQL {
  const empty = sql.join(
    args.map((a) => sql`(${a}) is null`),
    sql` or `,
  );
  return sql`(case when ${empty} then null else ${value} end)`;
}

/**
 * The calculated field `name`, compiled; a 400 naming its expression for a part BI does not take (a
 * document's lines, its master), a field that is not a number of the row, or a circle of calculated fields.
 */
export function calculatedSql(name: string, reader: Reader, reading: readonly string[] = []): SQL {
  const at = reader.calculated.findIndex((c) => c.name === name);
  const field = reader.calculated[at];
  if (!field) throw badDefinition('definition', `no calculated field named ${name}`);
  if (reading.includes(name))
    throw problem(at, `reads itself in a circle: ${[...reading.slice(reading.indexOf(name)), name].join(' → ')}`);
  let tree: Expr;
  try {
    tree = expressionTree(field.expression);
  } catch (err) {
    throw problem(at, `not a valid expression: ${err instanceof Error ? err.message : String(err)}`);
  }
  const compile = (e: Expr): SQL => {
    switch (e.kind) {
      case 'number':
        return sql`${decimalText(e.value, e.value.scale)}::numeric`;
      case 'field': {
        if (reader.calculated.some((c) => c.name === e.name))
          return sql`(${calculatedSql(e.name, reader, [...reading, name])})`;
        const value = reader.number(e.name);
        if (!value) throw problem(at, `${e.name} is not a number field of the dataset`);
        return sql`(${value})::numeric`;
      }
      case 'neg':
        return sql`(-${compile(e.arg)})`;
      case 'binary': {
        const [a, b] = [compile(e.left), compile(e.right)];
        if (e.op === '/') return sql`(${a} / nullif(${b}, 0))`;
        return sql`(${a} ${sql.raw(e.op)} ${b})`;
      }
      case 'call': {
        if (e.fn === 'allocate')
          throw problem(at, 'allocate() shares a total among a document’s lines: not in a dataset');
        if (e.fn === 'round') {
          const [x, digits] = e.args as [Expr, Expr | undefined];
          return sql`round(${compile(x)}, ${digits ? digitsOf(digits, compile) : sql.raw('0')})`;
        }
        const args = e.args.map(compile);
        const list = sql.join(args, sql`, `);
        if (e.fn === 'coalesce') return sql`coalesce(${list})`;
        return whenAllPresent(args, e.fn === 'min' ? sql`least(${list})` : sql`greatest(${list})`);
      }
      case 'master':
        throw problem(at, `master.${e.name} reads a document from its line: a dataset's calculation reads its own row`);
      case 'sum':
        throw problem(at, `sum(${e.detail}.${e.field}) adds up a document's lines: use a sum measure instead`);
    }
  };
  return compile(tree);
}
