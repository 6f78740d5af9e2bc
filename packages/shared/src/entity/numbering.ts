/**
 * Document numbers from a pattern such as `XM{yyyy}-{seq:4}`: letters, digits and dashes, the date parts
 * {yyyy} {yy} {mm}, and one counter {seq:N} of at least N digits. The server issues them (engine/numbering.ts);
 * site settings validate a tenant's own pattern with the same rule.
 */
export const CODE_PATTERN = /^(?:[A-Za-z0-9-]|\{yyyy\}|\{yy\}|\{mm\}|\{seq:[1-9]\})+$/;

export const codePatternProblem = (pattern: string): string | null => {
  if (!CODE_PATTERN.test(pattern)) return 'letters, digits, dashes, {yyyy}, {yy}, {mm} and one {seq:N}';
  if ((pattern.match(/\{seq:/g) ?? []).length !== 1) return 'needs exactly one {seq:N}';
  return null;
};

/** A pattern for one date: what comes before and after the counter, and its least number of digits. */
export type CodeShape = { prefix: string; suffix: string; digits: number };

export function codeShape(pattern: string, date: Date): CodeShape {
  const yyyy = String(date.getUTCFullYear());
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const expanded = pattern.replaceAll('{yyyy}', yyyy).replaceAll('{yy}', yyyy.slice(2)).replaceAll('{mm}', mm);
  const m = /^(.*)\{seq:(\d)\}(.*)$/.exec(expanded);
  if (!m) throw new Error(`code pattern without {seq:N}: ${pattern}`);
  return { prefix: m[1] ?? '', digits: Number(m[2]), suffix: m[3] ?? '' };
}

export const formatCode = (shape: CodeShape, seq: number) =>
  `${shape.prefix}${String(seq).padStart(shape.digits, '0')}${shape.suffix}`;

/** The counter value of a code of this shape (XM2026-0901 → 901), or null for a code of another shape. */
export function seqOfCode(shape: CodeShape, code: string): number | null {
  if (!code.startsWith(shape.prefix) || !code.endsWith(shape.suffix)) return null;
  const digits = code.slice(shape.prefix.length, code.length - shape.suffix.length);
  return /^\d{1,15}$/.test(digits) && digits.length >= shape.digits ? Number(digits) : null;
}
