import { type EntityMeta, employeeMeta, entitySchema, projectMeta, requestLogMeta } from '@trestle/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildColumns, cellText, keyColumnNames, listFields } from './columns.tsx';

const ctx = {
  language: 'en-US',
  t: ((key: string) => key) as TFunction,
  dictionaries: new Map(),
  remoteLabels: new Map(),
  order: 'asc' as const,
  hidden: new Set<string>(),
};

const fixedColumns = (meta: EntityMeta) =>
  buildColumns(meta, ctx).flatMap((c) => (c.fixed === 'left' ? [String(c.key)] : []));

describe('the key columns of a wide grid', () => {
  it('are the business key and the name beside it', () => {
    expect(keyColumnNames(listFields(employeeMeta))).toEqual(['code', 'name']);
    expect(fixedColumns(projectMeta)).toEqual(['code', 'name']);
  });

  it('are the first column of an entity without a unique code (a log)', () => {
    const [first] = listFields(requestLogMeta);
    expect(fixedColumns(requestLogMeta)).toEqual([first?.name]);
  });

  it('lead the row even when the metadata lists them later, the other columns keeping their order', () => {
    const designed = entitySchema.parse({
      name: 'Asset',
      table: 'asset',
      key: 'id',
      label: { en: 'Assets', zh: '资产' },
      defaultSort: { field: 'id', order: 'desc' },
      fields: [
        { name: 'id', type: 'integer', label: { en: 'ID', zh: 'ID' }, list: { hidden: true } },
        { name: 'status', type: 'string', label: { en: 'Status', zh: '状态' } },
        { name: 'tag', type: 'string', unique: true, label: { en: 'Tag', zh: '标签' } },
        { name: 'assetName', type: 'string', label: { en: 'Name', zh: '名称' } },
        { name: 'cost', type: 'decimal', label: { en: 'Cost', zh: '成本' } },
      ],
    });
    const columns = buildColumns(designed, ctx);
    expect(columns.map((c) => String(c.key))).toEqual(['tag', 'assetName', 'status', 'cost']);
    expect(columns.map((c) => c.fixed ?? null)).toEqual(['left', 'left', null, null]);
  });

  it('are not kept for a column the user switched off', () => {
    const columns = buildColumns(employeeMeta, { ...ctx, hidden: new Set(['name']) });
    expect(columns.filter((c) => c.fixed === 'left').map((c) => String(c.key))).toEqual(['code']);
  });
});

describe('a rich-text cell', () => {
  it('shows the words of the stored HTML, never its markup', () => {
    const notes = { name: 'notes', type: 'richText', label: { en: 'Notes', zh: '备注' } } as const;
    const row = { notes: '<h2>Survey</h2><p>Bring <strong>boots</strong></p><img src="/api/file/x" alt="map">' };
    expect(cellText(notes, row, ctx)).toBe('Survey Bring boots');
    expect(cellText(notes, { notes: null }, ctx)).toBe('');
  });
});
