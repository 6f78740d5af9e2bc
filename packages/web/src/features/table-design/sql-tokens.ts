/**
 * The DDL the designer shows, cut into tokens for highlighting: quoted identifiers, string literals, numbers,
 * SQL's words (keywords when upper case, as the generator writes them) and the rest. Joined back, the tokens
 * are the text unchanged: highlighting never alters what runs.
 */
export type SqlToken = { kind: 'keyword' | 'identifier' | 'string' | 'number' | 'text'; text: string };

const pattern = /("(?:[^"]|"")*")|('(?:[^']|'')*')|(\b\d+(?:\.\d+)?\b)|(\b[A-Z][A-Z_]*\b)/g;

export function sqlTokens(source: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let at = 0;
  for (const m of source.matchAll(pattern)) {
    const index = m.index ?? 0;
    if (index > at) tokens.push({ kind: 'text', text: source.slice(at, index) });
    const kind = m[1] ? 'identifier' : m[2] ? 'string' : m[3] ? 'number' : 'keyword';
    tokens.push({ kind, text: m[0] });
    at = index + m[0].length;
  }
  if (at < source.length) tokens.push({ kind: 'text', text: source.slice(at) });
  return tokens;
}
