import { dictionaryListMeta, employeeMeta } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { buildWheres, quickSearchField } from './wheres.ts';

describe('search wheres', () => {
  it('takes the first text search field by row and column for the quick search', () => {
    expect(quickSearchField(employeeMeta)?.name).toBe('code');
    // The first search field is the dictionary, a reference picker: typing text into it means nothing.
    expect(quickSearchField(dictionaryListMeta)?.name).toBe('value');
  });

  it('sends a quick search text with the field op, trimmed', () => {
    expect(buildWheres(employeeMeta, { code: '  E10 ' })).toEqual([
      { name: 'code', value: 'E10', displayType: 'like' },
    ]);
  });

  it('turns a date range into two wheres on one field, ge and le', () => {
    expect(buildWheres(employeeMeta, { hireDate: ['2020-01-01', '2020-12-31'] })).toEqual([
      { name: 'hireDate', value: '2020-01-01', displayType: 'ge' },
      { name: 'hireDate', value: '2020-12-31', displayType: 'le' },
    ]);
    expect(buildWheres(employeeMeta, { hireDate: ['2020-01-01', null] })).toEqual([
      { name: 'hireDate', value: '2020-01-01', displayType: 'ge' },
    ]);
  });

  it('sends `in` as an array and eq values as they are; empty values not at all', () => {
    expect(
      buildWheres(employeeMeta, { status: ['active', 'left'], gender: 'F', organizationId: 3, name: '', skills: [] }),
    ).toEqual([
      { name: 'gender', value: 'F', displayType: 'eq' },
      { name: 'organizationId', value: 3, displayType: 'eq' },
      { name: 'status', value: ['active', 'left'], displayType: 'in' },
    ]);
    expect(buildWheres(employeeMeta, { status: [] })).toEqual([]);
  });

  it('ignores fields that are not in the search layout', () => {
    expect(buildWheres(employeeMeta, { remark: 'x', title: 'y' })).toEqual([]);
  });
});
