import type { ChartStyle, ResultColumn } from '@trestle/shared';
import dayjs from 'dayjs';
import { en, zh } from './strings.ts';

/**
 * How a chart writes its numbers, dates and codes: pure functions of the value, the chart's style and the
 * reader's language, so the ECharts options, the tables and the KPI read the same and can be tested alone.
 * They read the folder's strings directly (not through i18next): the same text in a test and in the browser.
 */

export type ChartLanguage = 'en' | 'zh';
export type Scalar = string | number | boolean | null;
type WordKey = keyof typeof en;

/** One of this folder's texts in `language`, with `{{name}}` filled from `vars`. */
export function word(language: ChartLanguage, key: WordKey, vars: Record<string, string | number> = {}): string {
  const text = (language === 'zh' ? zh : en)[key];
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

const locale = (language: ChartLanguage) => (language === 'zh' ? 'zh-CN' : 'en-US');

/** A result's number: numbers as they are, a decimal sent as text read as one; anything else is no number. */
export function toNumber(value: Scalar | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

type NumberStyle = Pick<ChartStyle, 'numberFormat' | 'decimals'>;

/**
 * A measure as the chart's style says: plain (no grouping), thousands (grouped), percent (a fraction, ×100),
 * currency (yuan) or compact (1.2K, 1.2万), each with the style's decimals.
 */
export function formatNumber(value: number | null, style: NumberStyle, language: ChartLanguage): string {
  if (value === null) return '—';
  const digits = { minimumFractionDigits: style.decimals, maximumFractionDigits: style.decimals };
  switch (style.numberFormat) {
    case 'plain':
      return value.toFixed(style.decimals);
    case 'percent':
      return new Intl.NumberFormat(locale(language), { style: 'percent', ...digits }).format(value);
    case 'currency':
      return new Intl.NumberFormat(locale(language), {
        style: 'currency',
        currency: 'CNY',
        currencyDisplay: 'narrowSymbol',
        ...digits,
      }).format(value);
    case 'compact':
      return new Intl.NumberFormat(locale(language), {
        notation: 'compact',
        maximumFractionDigits: style.decimals,
      }).format(value);
    default:
      return new Intl.NumberFormat(locale(language), digits).format(value);
  }
}

/** A change as a signed percent with one decimal (12.5%); null when there is nothing to compare with. */
export function formatChange(current: number | null, previous: number | null, language: ChartLanguage) {
  if (current === null || previous === null || previous === 0) return null;
  const ratio = (current - previous) / Math.abs(previous);
  const pct = new Intl.NumberFormat(locale(language), { style: 'percent', maximumFractionDigits: 1 }).format(
    Math.abs(ratio),
  );
  return { ratio, pct };
}

/** A YYYY-MM-DD as a UTC date: a bucket is a calendar day, never shifted by the reader's time zone. */
export function parseDay(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** The ISO week (Monday first; week 1 holds the year's first Thursday) and the year it belongs to. */
export function isoWeek(day: Date): { year: number; week: number } {
  const d = new Date(day.getTime());
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return { year: d.getUTCFullYear(), week: Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date dimension's value as its bucket reads: a day 2026-03-05, a week 2026-W09, a month 2026-03, a
 * quarter 2026 Q1, a year 2026; a date part (month of year 1–12, day of week 1 Monday–7) by its name. A
 * `pattern` (dayjs) replaces the grain's own way for dates.
 */
export function formatDate(value: Scalar, bucket: string | null, language: ChartLanguage, pattern = ''): string {
  if (bucket === 'monthOfYear' || bucket === 'dayOfWeek') {
    const n = toNumber(value);
    const key = `biChart.${bucket === 'monthOfYear' ? 'month' : 'weekday'}.${n}`;
    return key in en ? word(language, key as WordKey) : String(value);
  }
  if (typeof value !== 'string') return String(value);
  const day = parseDay(value);
  if (!day) return value;
  if (pattern) return dayjs(value).format(pattern);
  const year = day.getUTCFullYear();
  switch (bucket) {
    case 'year':
      return word(language, 'biChart.year', { year });
    case 'quarter':
      return word(language, 'biChart.quarter', { year, quarter: Math.floor(day.getUTCMonth() / 3) + 1 });
    case 'month':
      return `${year}-${pad(day.getUTCMonth() + 1)}`;
    case 'week': {
      const w = isoWeek(day);
      return word(language, 'biChart.week', { year: w.year, week: pad(w.week) });
    }
    default:
      // A day, or a date-time cut to its minute (seconds and zones say nothing on a chart).
      return value.length > 10 ? value.slice(0, 16).replace('T', ' ') : value.slice(0, 10);
  }
}

type Dictionaries = Record<string, Record<string, string>>;

/**
 * A dimension's value as the reader sees it: a code by its dictionary's name, a date by its bucket, a yes/no,
 * a number in the chart's format; an empty value says so.
 */
export function formatValue(
  value: Scalar,
  column: Pick<ResultColumn, 'type' | 'dictionary' | 'bucket'>,
  dictionaries: Dictionaries,
  style: Pick<ChartStyle, 'numberFormat' | 'decimals' | 'dateFormat'>,
  language: ChartLanguage,
): string {
  if (value === null || value === '') return word(language, 'biChart.emptyValue');
  if (column.dictionary) {
    const name = dictionaries[column.dictionary]?.[String(value)];
    if (name !== undefined) return name;
  }
  if (column.bucket || column.type === 'date' || column.type === 'datetime')
    return formatDate(value, column.bucket, language, style.dateFormat);
  if (typeof value === 'boolean') return word(language, value ? 'biChart.yes' : 'biChart.no');
  // A number dimension (a year, a quantity) is a name on an axis: plain, not in the measures' money format.
  return String(value);
}
