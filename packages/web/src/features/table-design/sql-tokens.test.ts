import { describe, expect, it } from 'vitest';
import { sqlTokens } from './sql-tokens.ts';

describe('sqlTokens', () => {
  it('tells keywords, quoted names, strings and numbers apart', () => {
    const tokens = sqlTokens(`ALTER TABLE "vehicles" ADD COLUMN "seats" smallint DEFAULT 4 NOT NULL`);
    const of = (kind: string) => tokens.filter((t) => t.kind === kind).map((t) => t.text);
    expect(of('keyword')).toEqual(['ALTER', 'TABLE', 'ADD', 'COLUMN', 'DEFAULT', 'NOT', 'NULL']);
    expect(of('identifier')).toEqual(['"vehicles"', '"seats"']);
    expect(of('number')).toEqual(['4']);
    expect(of('text').join('')).toContain('smallint');
  });

  it('keeps a quoted name or a string whole, doubled quotes and keywords inside included', () => {
    const tokens = sqlTokens(`SET DEFAULT 'it''s NOT "x"' ON "odd""name"`);
    expect(tokens.filter((t) => t.kind === 'string').map((t) => t.text)).toEqual([`'it''s NOT "x"'`]);
    expect(tokens.filter((t) => t.kind === 'identifier').map((t) => t.text)).toEqual(['"odd""name"']);
  });

  it('gives the text back unchanged when joined', () => {
    const source = `CREATE UNIQUE INDEX "t_code_key" ON "t" ("tenant_id", "code") WHERE "deleted_at" IS NULL;\n\nx_1 12.5`;
    expect(
      sqlTokens(source)
        .map((t) => t.text)
        .join(''),
    ).toBe(source);
  });
});
