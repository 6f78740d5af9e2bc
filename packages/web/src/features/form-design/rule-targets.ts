import { type FieldMeta, langOf, resolveForm, walkItems } from '@trestle/shared';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context.ts';

/** The fields, sub-tables and sections a rule may test or act on, with their labels in the reader's language. */
export function useTargets() {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { design, entity } = useDesigner();
  const form = resolveForm(design, entity);
  const fields = [...form.fields.values()];
  const tables = [...form.tables.values()];
  const sections = [...walkItems(design.items)].flatMap((i) => (i.kind === 'section' ? [i] : []));
  const pick = (l: { en: string; zh: string }) => l[lang] || l.en;
  return {
    fields,
    fieldOptions: fields.map((f) => ({ value: f.name, label: `${pick(f.label)} (${f.name})` })),
    targetOptions: (only: 'field' | 'any') => [
      {
        label: 'fields',
        title: 'fields',
        options: fields.map((f) => ({ value: f.name, label: `${pick(f.label)} (${f.name})` })),
      },
      ...(only === 'any'
        ? [
            {
              label: 'tables',
              title: 'tables',
              options: tables.map((t) => ({ value: t.name, label: `${pick(t.label)} (${t.name})` })),
            },
            {
              label: 'sections',
              title: 'sections',
              options: sections.map((s) => ({ value: s.id, label: `${pick(s.title)} (${s.id})` })),
            },
          ]
        : []),
    ],
    choicesOf: (f: FieldMeta | undefined) =>
      f?.options?.map((o) => ({ value: o.value, label: pick(o.label) || o.value })),
  };
}

export type Targets = ReturnType<typeof useTargets>;
