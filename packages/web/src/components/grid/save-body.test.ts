import { dictionaryListMeta, dictionaryMeta, employeeMeta } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { buildSaveBody, type DetailState, removeDetailRow } from './save-body.ts';

const none: DetailState = { rows: {}, delKeys: {} };

describe('save body', () => {
  it('adds with the writable fields only, leaving out empties, read-only fields and the key', () => {
    const body = buildSaveBody(
      employeeMeta,
      { id: 9, code: 'E-1', name: 'Ada', title: '', hourlyRate: '12.50', createdAt: 'x', version: 1 },
      none,
      [],
    );
    expect(body).toEqual({ mainData: { code: 'E-1', name: 'Ada', hourlyRate: '12.50' }, detailData: {}, delKeys: {} });
  });

  it('updates with the key and the version read, and clears emptied fields with null', () => {
    const original = { id: 7, version: 3, code: 'E-1', title: 'Dev' };
    const body = buildSaveBody(employeeMeta, { ...original, title: '' }, none, [], original);
    expect(body.mainData).toEqual({ id: 7, version: 3, code: 'E-1', title: null });
  });

  it('sends detail rows (keyed ones with key and version, new ones without) and the removed keys', () => {
    let state: DetailState = {
      rows: {
        DictionaryList: [
          { id: 1, version: 2, dictionaryId: 5, value: 'a', label: 'A', enabled: true, labelZh: '' },
          { id: 2, version: 1, dictionaryId: 5, value: 'b', label: 'B', enabled: true },
          { value: 'c', label: 'C', enabled: true, sort: 3 },
        ],
      },
      delKeys: {},
    };
    state = removeDetailRow(state, 'DictionaryList', 1, 'id');
    const body = buildSaveBody(
      dictionaryMeta,
      { id: 5, version: 4, code: 'x', name: 'X', enabled: true },
      state,
      [dictionaryListMeta],
      { id: 5, version: 4 },
    );
    expect(body.detailData).toEqual({
      DictionaryList: [
        { id: 1, version: 2, value: 'a', label: 'A', enabled: true, labelZh: null },
        { value: 'c', label: 'C', enabled: true, sort: 3 },
      ],
    });
    expect(body.delKeys).toEqual({ DictionaryList: [2] });
  });

  it('does not put a never-saved row into delKeys', () => {
    const state = removeDetailRow(
      { rows: { DictionaryList: [{ value: 'n' }] }, delKeys: {} },
      'DictionaryList',
      0,
      'id',
    );
    expect(state).toEqual({ rows: { DictionaryList: [] }, delKeys: {} });
  });
});
