import {
  addDecimal,
  compareDecimal,
  type Decimal,
  divDecimal,
  mulDecimal,
  parseDecimal,
  roundDecimal,
  subDecimal,
} from './decimal.ts';

/**
 * The small expression language of computed fields, parsed to a tree and evaluated on it (never eval):
 * decimal numbers, field names, `master.field` (a detail line reading its document), + - * / and
 * parentheses, and the functions round(x, digits), min(…), max(…), coalesce(…), sum(Detail.field) (a
 * document's total over its lines) and allocate(total, percent) (a line's share of a total by its percent,
 * rounded so that the lines add up to the total: the last line takes the remainder). An empty operand makes
 * the result empty, as in SQL; coalesce(x, 0) gives a default.
 */
export type Expr =
  | { kind: 'number'; value: Decimal }
  | { kind: 'field'; name: string }
  | { kind: 'master'; name: string }
  | { kind: 'neg'; arg: Expr }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: Expr; right: Expr }
  | { kind: 'call'; fn: 'round' | 'min' | 'max' | 'coalesce' | 'allocate'; args: Expr[] }
  | { kind: 'sum'; detail: string; field: string };

const FUNCTIONS = ['round', 'min', 'max', 'coalesce', 'allocate', 'sum'] as const;
const ARITY: Record<Exclude<(typeof FUNCTIONS)[number], 'sum'>, [number, number]> = {
  round: [1, 2],
  min: [1, 20],
  max: [1, 20],
  coalesce: [1, 20],
  allocate: [2, 2],
};
const MAX_LENGTH = 500;
const MAX_DEPTH = 32;

type Token = { type: 'num' | 'name' | 'op'; text: string; at: number };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z][A-Za-z0-9]*)|([-+*/(),.]))/y;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(source);
    if (!m) throw new Error(`unexpected "${source.slice(at).trim()[0]}" at ${at + 1}`);
    const [, num, name, op] = m;
    tokens.push(
      num
        ? { type: 'num', text: num, at }
        : name
          ? { type: 'name', text: name, at }
          : { type: 'op', text: op ?? '', at },
    );
    at = re.lastIndex;
  }
  return tokens;
}

/** The tree of an expression; throws with a readable message on a syntax error. */
export function parseExpression(source: string): Expr {
  if (source.length > MAX_LENGTH) throw new Error(`at most ${MAX_LENGTH} characters`);
  const tokens = tokenize(source);
  let i = 0;
  const peek = () => tokens[i];
  const take = (text?: string) => {
    const t = tokens[i];
    if (!t || (text !== undefined && t.text !== text))
      throw new Error(t ? `expected "${text}" at ${t.at + 1}` : `expected ${text ? `"${text}"` : 'more'} at the end`);
    i++;
    return t;
  };
  const name = () => {
    const t = take();
    if (t.type !== 'name') throw new Error(`expected a name at ${t.at + 1}`);
    return t.text;
  };

  const primary = (depth: number): Expr => {
    if (depth > MAX_DEPTH) throw new Error('nested too deeply');
    const t = take();
    if (t.type === 'num') return { kind: 'number', value: parseDecimal(t.text) ?? { units: 0n, scale: 0 } };
    if (t.text === '(') {
      const inner = sum(depth + 1);
      take(')');
      return inner;
    }
    if (t.text === '-') return { kind: 'neg', arg: primary(depth + 1) };
    if (t.type !== 'name') throw new Error(`unexpected "${t.text}" at ${t.at + 1}`);
    if (peek()?.text === '(') {
      const fn = t.text as (typeof FUNCTIONS)[number];
      if (!FUNCTIONS.includes(fn)) throw new Error(`unknown function ${t.text}`);
      take('(');
      if (fn === 'sum') {
        const detail = name();
        take('.');
        const field = name();
        take(')');
        return { kind: 'sum', detail, field };
      }
      const args: Expr[] = [];
      if (peek()?.text !== ')') {
        args.push(sum(depth + 1));
        while (peek()?.text === ',') {
          take(',');
          args.push(sum(depth + 1));
        }
      }
      take(')');
      const arity = ARITY[fn];
      if (args.length < arity[0] || args.length > arity[1])
        throw new Error(`${fn}() takes ${arity.join(' to ')} arguments`);
      return { kind: 'call', fn, args };
    }
    if (peek()?.text === '.') {
      if (t.text !== 'master') throw new Error(`only master.<field> may have a dot (at ${t.at + 1})`);
      take('.');
      return { kind: 'master', name: name() };
    }
    return { kind: 'field', name: t.text };
  };
  /** One precedence level of binary operators over the tighter `operand`, left to right: a - b - c is (a - b) - c. */
  const level =
    <Op extends '*' | '/' | '+' | '-'>(ops: readonly Op[], operand: (depth: number) => Expr) =>
    (depth: number): Expr => {
      let left = operand(depth);
      while (ops.includes(peek()?.text as Op)) {
        const op = take().text as Op;
        left = { kind: 'binary', op, left, right: operand(depth) };
      }
      return left;
    };
  const product = level(['*', '/'], primary);
  const sum = level(['+', '-'], product);

  if (tokens.length === 0) throw new Error('empty expression');
  const tree = sum(0);
  const rest = peek();
  if (rest) throw new Error(`unexpected "${rest.text}" at ${rest.at + 1}`);
  return tree;
}

/** The names an expression reads: its own fields, its document's, and its lines' per detail entity. */
export function expressionReferences(e: Expr): { fields: string[]; master: string[]; lines: [string, string][] } {
  const out = { fields: [] as string[], master: [] as string[], lines: [] as [string, string][] };
  const walk = (x: Expr) => {
    if (x.kind === 'field') out.fields.push(x.name);
    else if (x.kind === 'master') out.master.push(x.name);
    else if (x.kind === 'sum') out.lines.push([x.detail, x.field]);
    else if (x.kind === 'neg') walk(x.arg);
    else if (x.kind === 'binary') {
      walk(x.left);
      walk(x.right);
    } else if (x.kind === 'call') x.args.forEach(walk);
  };
  walk(e);
  return out;
}

type Row = Record<string, unknown>;
/** What an expression reads: the row, its document (for a line), its lines (for a document), its siblings (allocate). */
export type ExprScope = {
  row: Row;
  master?: Row;
  lines?: Record<string, Row[]>;
  /** A line's place among its siblings, in their order: allocate() rounds cumulatively over them. */
  siblings?: { rows: Row[]; index: number };
};

const ZERO: Decimal = { units: 0n, scale: 0 };
const HUNDRED: Decimal = { units: 100n, scale: 0 };

function allocate(e: Expr & { kind: 'call' }, scope: ExprScope): Decimal | null {
  const [totalExpr, percentExpr] = e.args as [Expr, Expr];
  const total = evaluate(totalExpr, scope);
  if (total === null) return null;
  const { rows, index } = scope.siblings ?? { rows: [scope.row], index: 0 };
  // Cumulative rounding: each line is round(total × Σpercent so far) − the same up to the line before.
  let before = ZERO;
  let upTo = ZERO;
  for (let j = 0; j <= index; j++) {
    const pct = evaluate(percentExpr, { ...scope, row: rows[j] ?? scope.row });
    if (pct === null && j === index) return null;
    before = upTo;
    upTo = addDecimal(upTo, pct ?? ZERO);
  }
  const share = (p: Decimal) => roundDecimal(divDecimal(mulDecimal(total, p), HUNDRED) ?? ZERO, 2);
  return subDecimal(share(upTo), share(before));
}

/** The value of an expression, exact; null when an operand is empty or a division is by zero. */
export function evaluate(e: Expr, scope: ExprScope): Decimal | null {
  switch (e.kind) {
    case 'number':
      return e.value;
    case 'field':
      return parseDecimal(scope.row[e.name]);
    case 'master':
      return parseDecimal(scope.master?.[e.name]);
    case 'neg': {
      const v = evaluate(e.arg, scope);
      return v && { units: -v.units, scale: v.scale };
    }
    case 'binary': {
      const a = evaluate(e.left, scope);
      const b = evaluate(e.right, scope);
      if (a === null || b === null) return null;
      if (e.op === '+') return addDecimal(a, b);
      if (e.op === '-') return subDecimal(a, b);
      if (e.op === '*') return mulDecimal(a, b);
      return divDecimal(a, b);
    }
    case 'sum': {
      let total = ZERO;
      for (const line of scope.lines?.[e.detail] ?? []) {
        const v = parseDecimal(line[e.field]);
        if (v) total = addDecimal(total, v);
      }
      return total;
    }
    case 'call': {
      if (e.fn === 'allocate') return allocate(e, scope);
      const values = e.args.map((a) => evaluate(a, scope));
      if (e.fn === 'coalesce') return values.find((v) => v !== null) ?? null;
      if (e.fn === 'round') {
        const [x, digits] = values;
        const n = digits === undefined ? 0 : Number(digits?.units ?? 0n) / 10 ** (digits?.scale ?? 0);
        return x ? roundDecimal(x, Math.max(0, Math.min(18, Math.trunc(n)))) : null;
      }
      if (values.some((v) => v === null)) return null;
      const sign = e.fn === 'min' ? -1 : 1;
      return (values as Decimal[]).reduce((best, v) => (compareDecimal(v, best) * sign > 0 ? v : best));
    }
  }
}
