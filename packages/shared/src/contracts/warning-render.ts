import { BUDGET_CATEGORIES } from '../entities/project/purchasing/budget-fields.ts';
import { groupDigits } from '../entity/decimal.ts';
import { type WarningTemplate, type WarningText, warningTextsEn, warningTextsZh } from './warning-texts.ts';

/** The languages warning texts come in, as the server names them. */
export type WarningLanguage = 'en' | 'zh';

/** The values a warning's texts need, as the evaluator stores them (project_warning.args). */
export type WarningArgs = Readonly<Record<string, unknown>>;

export const warningTexts: Readonly<Record<WarningLanguage, Readonly<Record<string, WarningText>>>> = {
  en: warningTextsEn,
  zh: warningTextsZh,
};

/** Acceptance test types as the acceptance screen's dictionary names them (W20's message). */
const TEST_TYPES: Readonly<Record<string, { en: string; zh: string }>> = {
  ARRIVAL_INSPECTION: { en: 'arrival inspection', zh: '到货验收' },
  SYSTEM_TEST: { en: 'system test', zh: '联调测试' },
  PRELIMINARY: { en: 'preliminary acceptance', zh: '初验' },
  TRIAL_RUN: { en: 'trial run', zh: '试运行' },
  FINAL: { en: 'final acceptance', zh: '终验' },
};

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal (a number, or the exact text PostgreSQL gives for numeric) with thousands separators:
 * `fixed` decimals for money, else up to two without trailing zeros. Both languages write 1,234.50.
 * Text is formatted as text, so amounts past 2^53 keep every digit; the evaluator stores them rounded.
 */
export function formatDecimal(value: unknown, fixed?: number): string | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(fixed ?? 2) : '') : String(value);
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const [, sign, whole = '0', frac = ''] = m;
  const decimals = fixed === undefined ? frac.slice(0, 2).replace(/0+$/, '') : frac.padEnd(fixed, '0').slice(0, fixed);
  return `${sign}${groupDigits(whole)}${decimals ? `.${decimals}` : ''}`;
}

function formatValue(value: unknown, format: string | undefined, lang: WarningLanguage): string | undefined {
  if (value === null || value === undefined) return undefined;
  switch (format) {
    case 'money':
      return formatDecimal(value, 2);
    case 'num':
      return formatDecimal(value);
    case 'budgetCategory': {
      const found = BUDGET_CATEGORIES.find(([code]) => code === value);
      return found ? found[lang === 'zh' ? 2 : 1] : String(value);
    }
    case 'testType':
      return TEST_TYPES[String(value)]?.[lang] ?? String(value);
    case undefined:
      return typeof value === 'number' ? formatDecimal(value) : String(value);
    default:
      return undefined;
  }
}

/** One template filled in, or undefined when a value it needs is missing (a row stored before args). */
function fill(template: WarningTemplate, args: WarningArgs, lang: WarningLanguage): string | undefined {
  const text = typeof template === 'string' ? template : template.cases[String(args[template.arg])];
  if (text === undefined) return undefined;
  let missing = false;
  const out = text.replace(/\{(\w+)(?::(\w+))?\}/g, (_, name: string, format: string | undefined) => {
    const v = formatValue(args[name], format, lang);
    if (v === undefined) missing = true;
    return v ?? '';
  });
  return missing ? undefined : out;
}

/**
 * A warning's title and message in `lang`, from its rule code and stored values; undefined when the
 * rule or a value is unknown, so the caller can fall back to the text stored before values were kept.
 */
export function renderWarning(
  code: string,
  args: WarningArgs | null | undefined,
  lang: WarningLanguage,
): { title: string; message: string } | undefined {
  const text = warningTexts[lang][code];
  if (!text || !args) return undefined;
  const title = fill(text.title, args, lang);
  const message = fill(text.message, args, lang);
  return title === undefined || message === undefined ? undefined : { title, message };
}

/**
 * Trigger and threshold values that are codes (a weekly report's flag, an acceptance result), as words:
 * the same labels the demo's dictionaries give them, so a warning never shows OFF_TRACK / ON_TRACK.
 */
const valueWords: Record<string, Record<WarningLanguage, string>> = {
  ON_TRACK: { en: 'On track', zh: '正常' },
  AT_RISK: { en: 'At risk', zh: '有风险' },
  OFF_TRACK: { en: 'Off track', zh: '严重滞后' },
  PASS: { en: 'Pass', zh: '通过' },
  CONDITIONAL_PASS: { en: 'Conditional pass', zh: '有条件通过' },
  FAIL: { en: 'Fail', zh: '不通过' },
};

/** A trigger or threshold value as `lang` reads it: a code in words, anything else as it is. */
export const warningValue = (value: unknown, lang: WarningLanguage): unknown =>
  typeof value === 'string' ? (valueWords[value]?.[lang] ?? value) : value;

/**
 * A warning as `lang` reads it: title and message rendered from its rule code and args, else the text
 * stored before args were kept, else the rule code (never an empty cell).
 */
export function localizeWarning<T extends { ruleCode?: unknown; args?: unknown; title?: unknown; message?: unknown }>(
  row: T,
  lang: WarningLanguage,
): T & { title: string; message: string } {
  const args = row.args && typeof row.args === 'object' ? (row.args as WarningArgs) : undefined;
  const text = renderWarning(String(row.ruleCode ?? ''), args, lang);
  const stored = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const values = row as { triggerValue?: unknown; thresholdValue?: unknown };
  return {
    ...row,
    ...('triggerValue' in values ? { triggerValue: warningValue(values.triggerValue, lang) } : {}),
    ...('thresholdValue' in values ? { thresholdValue: warningValue(values.thresholdValue, lang) } : {}),
    title: text?.title ?? stored(row.title) ?? String(row.ruleCode ?? ''),
    message: text?.message ?? stored(row.message) ?? '',
  };
}
