import { type FieldMeta, langOf, resolveForm, walkItems } from '@trestle/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context.ts';

/** The fields, sub-tables and sections a rule may test or act on, with their labels in the reader's language. */
export function useTargets() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { design, entity } = useDesigner();
  // Resolved once per design, not once per render of each rule row.
  return useMemo(() => {
    const form = resolveForm(design, entity);
    const fields = [...form.fields.values()];
    const tables = [...form.tables.values()];
    const sections = [...walkItems(design.items)].flatMap((i) => (i.kind === 'section' ? [i] : []));
    const pick = (l: { en: string; zh: string }) => l[lang] || l.en;
    const fieldOptions = fields.map((f) => ({ value: f.name, label: `${pick(f.label)} (${f.name})` }));
    const group = (kind: 'field' | 'table' | 'section', options: { value: string; label: string }[]) => ({
      label: t(`formDesign.target.${kind}`),
      title: `${kind}s`,
      options,
    });
    const anyOptions = [
      group('field', fieldOptions),
      group(
        'table',
        tables.map((tb) => ({ value: tb.name, label: `${pick(tb.label)} (${tb.name})` })),
      ),
      group(
        'section',
        sections.map((s) => ({ value: s.id, label: `${pick(s.title)} (${s.id})` })),
      ),
    ];
    return {
      fields,
      /** What a new condition or action starts on. */
      firstField: fields[0]?.name ?? '',
      fieldOptions,
      targetOptions: (only: 'field' | 'any') => (only === 'any' ? anyOptions : anyOptions.slice(0, 1)),
      choicesOf: (f: FieldMeta | undefined) =>
        f?.options?.map((o) => ({ value: o.value, label: pick(o.label) || o.value })),
    };
  }, [design, entity, lang, t]);
}

export type Targets = ReturnType<typeof useTargets>;
