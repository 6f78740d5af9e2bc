import { describe, expect, it } from 'vitest';
import {
  codeLabel,
  type FormatContext,
  formatDate,
  formatDateTime,
  formatField,
  instantOfWallClock,
  langOf,
  validTimeZone,
  wallClock,
} from './format.ts';
import type { FieldMeta } from './metadata.ts';

const ctx: FormatContext = {
  lang: 'zh',
  timeZone: 'Asia/Shanghai',
  dictLabel: (dictionary, code) => (dictionary === 'projectHealth' && code === 'RED' ? '红' : undefined),
  yes: '是',
  no: '否',
};
const field = (f: Partial<FieldMeta>): FieldMeta => ({ name: 'v', type: 'string', label: { en: 'V', zh: 'V' }, ...f });

describe('the shared formatting rule', () => {
  it('shows an instant in the reader’s time zone as YYYY-MM-DD HH:mm:ss, never ISO', () => {
    expect(formatDateTime('2026-11-24T13:46:43.000Z', 'Asia/Shanghai')).toBe('2026-11-24 21:46:43');
    expect(formatDateTime('2026-11-24T13:46:43.000Z', 'America/New_York')).toBe('2026-11-24 08:46:43');
    expect(formatDateTime('2026-11-24T13:46:43Z', 'Nowhere/Else')).toBe('2026-11-24 13:46:43');
    expect(formatDateTime('not a time', 'UTC')).toBe('not a time');
  });

  it('reads a wall-clock time back as the instant it was shown for', () => {
    const at = '2026-11-24T13:46:43.000Z';
    for (const zone of ['Asia/Shanghai', 'America/New_York', 'UTC']) {
      const c = wallClock(at, zone);
      expect(c && instantOfWallClock(c, zone).toISOString()).toBe(at);
    }
  });

  it('shows a date as its date, whatever time part the text carries', () => {
    expect(formatDate('2026-11-23')).toBe('2026-11-23');
    expect(formatDate('2026-11-23T00:00:00.000Z')).toBe('2026-11-23');
    expect(formatField(field({ type: 'date' }), { v: '2026-11-23T00:00:00.000Z' }, ctx)).toBe('2026-11-23');
  });

  it('shows codes as labels: the field’s own options, then its dictionary, else the code', () => {
    const outcome = field({
      options: [{ value: 'locked', label: { en: 'Locked', zh: '已锁定' } }],
    });
    expect(formatField(outcome, { v: 'locked' }, ctx)).toBe('已锁定');
    expect(formatField(outcome, { v: 'locked' }, { ...ctx, lang: 'en' })).toBe('Locked');
    expect(formatField(outcome, { v: 'other' }, ctx)).toBe('other');
    const health = field({ type: 'dict', dictionary: 'projectHealth' });
    expect(formatField(health, { v: 'RED' }, ctx)).toBe('红');
    expect(codeLabel(health, 'AMBER', ctx)).toBe('AMBER');
    expect(formatField(field({ type: 'dictMulti', dictionary: 'projectHealth' }), { v: ['RED', 'X'] }, ctx)).toBe(
      '红, X',
    );
  });

  it('reads references by their label, booleans in words and decimals grouped', () => {
    expect(formatField(field({ type: 'reference' }), { v: 3, vLabel: '华东' }, ctx)).toBe('华东');
    expect(formatField(field({ type: 'boolean' }), { v: false }, ctx)).toBe('否');
    expect(formatField(field({ type: 'decimal' }), { v: '1234567.50' }, ctx)).toBe('1,234,567.50');
  });

  it('takes any zh tag as Chinese and refuses unknown time zones', () => {
    expect([langOf('zh-CN'), langOf('zh'), langOf('en-US'), langOf(undefined)]).toEqual(['zh', 'zh', 'en', 'en']);
    expect(validTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(validTimeZone("'; drop")).toBe('UTC');
  });
});
