import { describe, expect, it } from 'vitest';
import { computeDocument } from './computed.ts';
import { decimalText, parseDecimal } from './decimal.ts';
import { type ExprScope, evaluate, parseExpression } from './expression.ts';
import { type EntityMeta, entitySchema } from './metadata.ts';

const value = (source: string, scope: ExprScope, scale = 2) => {
  const v = evaluate(parseExpression(source), scope);
  return v === null ? null : decimalText(v, scale);
};

describe('the expression language of computed fields', () => {
  it('computes money exactly, never through a float', () => {
    const row = { amountExclTax: '0.10', taxRate: '13', qty: '3', unitPrice: '0.10' };
    expect(value('round(amountExclTax * taxRate / 100, 2)', { row })).toBe('0.01');
    expect(value('qty * unitPrice', { row })).toBe('0.30');
    expect(value('round(1130 / (1 + taxRate / 100), 2)', { row })).toBe('1000.00');
    expect(value('12345678901234567.89 + 0.01', { row })).toBe('12345678901234567.90');
  });

  it('rounds half away from zero, as PostgreSQL does', () => {
    expect(value('round(2.345, 2)', { row: {} })).toBe('2.35');
    expect(value('round(-2.345, 2)', { row: {} })).toBe('-2.35');
    expect(value('round(2.5)', { row: {} }, 0)).toBe('3');
  });

  it('gives nothing for an empty operand or a division by zero; coalesce gives a default', () => {
    expect(value('a + b', { row: { a: '1', b: '' } })).toBeNull();
    expect(value('a / b', { row: { a: '1', b: '0' } })).toBeNull();
    expect(value('coalesce(b, 0) + a', { row: { a: '1' } })).toBe('1.00');
    expect(value('min(a, b, 3)', { row: { a: '5', b: '-1' } })).toBe('-1.00');
    expect(value('max(a, b, 3)', { row: { a: '5', b: '-1' } })).toBe('5.00');
  });

  it('reads the document from a line and the lines from a document', () => {
    const lines = { Line: [{ amount: '10.50' }, { amount: '2' }, { amount: null }] };
    expect(value('sum(Line.amount)', { row: {}, lines })).toBe('12.50');
    expect(value('master.total * 2', { row: {}, master: { total: '4' } })).toBe('8.00');
  });

  it('refuses what is not the language, naming where', () => {
    for (const [source, message] of [
      ['process.exit(1)', /only master/],
      ['amount; drop table x', /unexpected ";"/],
      ['eval(1)', /unknown function eval/],
      ['round(1, 2, 3)', /takes 1 to 2/],
      ['(1 + 2', /expected "\)"/],
      ['1 +', /expected more/],
      ['', /empty/],
      ['a'.repeat(501), /at most 500/],
    ] as const)
      expect(() => parseExpression(source), source).toThrow(message);
  });

  it('is checked when metadata is read: a bad expression is no entity', () => {
    const meta = {
      name: 'Probe',
      table: 'probe',
      key: 'id',
      label: { en: 'P', zh: 'P' },
      defaultSort: { field: 'id', order: 'asc' },
      fields: [{ name: 'total', type: 'decimal', label: { en: 'T', zh: 'T' }, computed: 'a +* b' }],
    };
    expect(entitySchema.safeParse(meta).success).toBe(false);
  });
});

describe('computeDocument: lines, then the document, then the lines again', () => {
  const label = { en: 'x', zh: 'x' };
  const money = (name: string, computed?: string) => ({ name, type: 'decimal', scale: 2, label, computed });
  const entity = (name: string, sortedBy: string, rest: object): EntityMeta =>
    entitySchema.parse({
      name,
      table: name.toLowerCase(),
      key: 'id',
      label,
      defaultSort: { field: sortedBy, order: 'asc' },
      ...rest,
    });
  const contract = entity('Contract', 'id', {
    details: [{ entity: 'Term', foreignKey: 'contractId' }],
    fields: [
      money('amount'),
      money('termTotal', 'sum(Term.amount)'),
      money('tax', 'round(amount * 13 / 113, 2)'),
      money('net', 'amount - tax'),
    ],
  });
  const term = entity('Term', 'seq', {
    fields: [
      { name: 'seq', type: 'integer', label },
      money('percent'),
      money('amount', 'allocate(master.amount, percent)'),
    ],
  });

  it('gives each term its share, the last one the remainder, so the terms add up to the amount', () => {
    const terms = [
      { seq: 2, percent: '33.33' },
      { seq: 1, percent: '33.33' },
      { seq: 3, percent: '33.34' },
    ];
    const out = computeDocument(contract, { amount: '100.01' }, { Term: terms }, [term]);
    // In the order given, each computed in the order of its number.
    expect(out.lines.Term?.map((t) => t.amount)).toEqual(['33.34', '33.33', '33.34']);
    expect(out.row).toMatchObject({ termTotal: '100.01', tax: '11.51', net: '88.50' });
  });

  it('leaves a field empty until what it reads is there', () => {
    const out = computeDocument(contract, { amount: '' }, { Term: [{ seq: 1, percent: '' }] }, [term]);
    expect(out.row).toMatchObject({ termTotal: '0.00', tax: null, net: null });
    expect(out.lines.Term?.[0]?.amount).toBeNull();
  });
});

describe('decimal text', () => {
  it('reads decimal strings and numbers, and nothing else', () => {
    expect(parseDecimal('-12.50')).toEqual({ units: -1250n, scale: 2 });
    expect(parseDecimal(3)).toEqual({ units: 3n, scale: 0 });
    expect(parseDecimal('1e3')).toEqual({ units: 1000n, scale: 0 });
    for (const bad of ['', 'abc', '1.2.3', null, undefined, '--1']) expect(parseDecimal(bad)).toBeNull();
  });
});
