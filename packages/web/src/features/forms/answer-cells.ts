import { type FieldMeta, type FormDesign, formatLocalDateTime, resolveForm, walkItems } from '@trestle/shared';
import { textIn } from '../../components/form-runtime/live-rules.ts';
import { type Dictionary, dictLabel } from '../../components/grid/dictionaries.ts';
import { richTextExcerpt } from '../../components/rich-text/excerpt.ts';

/** The fields an answer list shows a column for: the design's own fields, in the order it places them. */
export function answerColumns(design: FormDesign): FieldMeta[] {
  const fields = resolveForm(design).fields;
  const out: FieldMeta[] = [];
  for (const item of walkItems(design.items)) {
    const f = item.kind === 'field' ? fields.get(item.name) : undefined;
    if (f) out.push(f);
  }
  return out;
}

/**
 * Without a design to read (a reader who may not fill the form is refused /api/form/open), the columns are the
 * answers' own keys.
 */
export function keyColumns(rows: readonly { mainData: Record<string, unknown> }[]): FieldMeta[] {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.mainData)))];
  return names.map((name) => ({ name, type: 'string', label: { en: name, zh: name } }));
}

/** One value of an answer as a list cell shows it, in the reader's language. */
export function answerText(
  field: FieldMeta,
  value: unknown,
  lang: 'en' | 'zh',
  yesNo: [string, string],
  dictionary?: Dictionary,
): string {
  if (value === null || value === undefined || value === '') return '';
  const one = (v: unknown): string => {
    const option = field.options?.find((o) => o.value === String(v));
    if (option) return textIn(option.label, lang);
    if (dictionary) return dictLabel(dictionary, v);
    if (field.type === 'boolean') return v === true ? yesNo[0] : yesNo[1];
    if (field.type === 'datetime') return formatLocalDateTime(v);
    if (field.type === 'richText') return richTextExcerpt(String(v), 80);
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}
