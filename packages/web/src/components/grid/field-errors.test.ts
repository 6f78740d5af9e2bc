import { describe, expect, it } from 'vitest';
import { type FieldPath, mapFieldErrors } from './field-errors.ts';

const shown = new Set(['code', 'name']);
const hasField = (p: FieldPath) => (typeof p === 'string' ? shown.has(p) : p[0] === 'detailData');

describe('server field errors on the form', () => {
  it('puts mainData.<field> on the main field and detailData.<E>.<i>.<field> on the detail cell', () => {
    const { fields, unplaced } = mapFieldErrors(
      { 'mainData.code': 'already used', 'detailData.DictionaryList.2.value': 'required' },
      hasField,
    );
    expect(fields).toEqual([
      { name: 'code', errors: ['already used'] },
      { name: ['detailData', 'DictionaryList', 2, 'value'], errors: ['required'] },
    ]);
    expect(unplaced).toEqual([]);
  });

  it('returns the errors of fields the form does not show, to be told another way', () => {
    const { fields, unplaced } = mapFieldErrors({ 'mainData.dictionaryId': 'required', sort: 'unknown' }, hasField);
    expect(fields).toEqual([]);
    expect(unplaced).toEqual(['mainData.dictionaryId: required', 'sort: unknown']);
  });
});
