import { describe, expect, it } from 'vitest';
import { entities } from './bi-design.test-kit.ts';
import { joinableReferences, mergeColumns, nextCalculated, withEntity, withoutPrefix } from './dataset-model.ts';

describe('the dataset editor’s helpers', () => {
  it('offers to follow the references whose target is an entity', () => {
    const joinable = joinableReferences(entities[0], entities);
    expect(joinable.map((j) => [j.field.name, j.target.name])).toEqual([['customerId', 'Customer']]);
    expect(joinableReferences(undefined, entities)).toEqual([]);
  });

  it('drops the joins and filters of another entity, keeping the calculations', () => {
    const calculated = [nextCalculated([])];
    const changed = withEntity(
      {
        kind: 'entity',
        entity: 'SalesContract',
        joins: ['customerId'],
        calculated,
        filters: [{ field: 'id', op: 'isNull' }],
      },
      'Customer',
    );
    expect(changed).toEqual({ kind: 'entity', entity: 'Customer', joins: [], calculated, filters: [] });
  });

  it('names a new calculated field after the ones there', () => {
    expect(nextCalculated([{ name: 'calc2', label: { en: '', zh: '' }, expression: '1' }]).name).toBe('calc3');
    expect(nextCalculated([{ name: 'calc1', label: { en: '', zh: '' }, expression: '1' }]).name).toBe('calc2');
  });

  it('fills the columns from Try, keeping the types and labels already given, in the statement’s order', () => {
    const before = [{ name: 'amount', type: 'string' as const, label: { en: 'Amount', zh: '金额' } }];
    const merged = mergeColumns(
      [
        { name: 'month', type: 'date' },
        { name: 'amount', type: 'number' },
        { name: 'sum(x)', type: 'number' },
      ],
      before,
    );
    expect(merged).toEqual([
      { name: 'month', type: 'date', label: { en: 'month', zh: 'month' } },
      { name: 'amount', type: 'string', label: { en: 'Amount', zh: '金额' } },
    ]);
  });

  it('reads the problems’ paths inside the definition', () => {
    expect(withoutPrefix({ 'definition.filters.0.value': 'needs a value', name: 'required' })).toEqual({
      'filters.0.value': 'needs a value',
      name: 'required',
    });
  });
});
