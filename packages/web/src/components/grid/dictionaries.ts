import { useQueries, useQuery } from '@tanstack/react-query';
import type { EntityMeta } from '@trestle/shared';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/client.ts';
import type { Option } from '../form/selects.tsx';

export type Dictionary = { code: string; remote: boolean; items: (Option & { parent?: string })[] };

export const dictionaryKeys = {
  all: ['dictionary'] as const,
  codes: (codes: readonly string[], language: string) => [...dictionaryKeys.all, 'vue', language, ...codes] as const,
  translate: (code: string, values: readonly string[], language: string) =>
    [...dictionaryKeys.all, 'translate', language, code, ...values] as const,
};

/** Every dictionary code the metadata uses (the master's and its details'), sorted, once each. */
export function dictionaryCodes(metas: readonly Pick<EntityMeta, 'fields'>[]): string[] {
  const codes = metas.flatMap((m) => m.fields.flatMap((f) => (f.dictionary ? [f.dictionary] : [])));
  return [...new Set(codes)].sort();
}

export const searchDictionary = (code: string, q: string, values?: readonly string[]) =>
  http.get<Option[]>('/api/Dictionary/searchItems', {
    code,
    q,
    values: values?.length ? values.join(',') : undefined,
  });

/** One getVueDictionary call per screen, cached per language; a dictionary missing on the server shows codes. */
export function useDictionaries(metas: readonly Pick<EntityMeta, 'fields'>[]) {
  const { i18n } = useTranslation();
  const codes = dictionaryCodes(metas);
  const query = useQuery({
    queryKey: dictionaryKeys.codes(codes, i18n.language),
    queryFn: () => http.post<Dictionary[]>('/api/Dictionary/getVueDictionary', codes, { quiet: true }),
    enabled: codes.length > 0,
    staleTime: 5 * 60_000,
  });
  const byCode = new Map((query.data ?? []).map((d) => [d.code, d]));
  return byCode;
}

/** The label of a code in a static dictionary, or undefined when the dictionary does not know it. */
export function itemLabel(dict: Dictionary | undefined, value: string): string | undefined {
  return dict?.items.find((i) => String(i.value) === value)?.label;
}

/** The label of a code in a static dictionary, or the code itself when unknown. */
export function dictLabel(dict: Dictionary | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return itemLabel(dict, String(value)) ?? String(value);
}

/** Labels of the remote-dictionary codes shown on a page: one searchItems call with `values=` per dictionary. */
export function useRemoteLabels(
  meta: EntityMeta,
  rows: readonly Record<string, unknown>[],
  dictionaries: Map<string, Dictionary>,
) {
  const { i18n } = useTranslation();
  const wanted = meta.fields.flatMap((f) => {
    if (!f.dictionary || !dictionaries.get(f.dictionary)?.remote) return [];
    const values = new Set<string>();
    for (const r of rows) {
      const v = r[f.name];
      for (const x of Array.isArray(v) ? v : [v]) if (x !== null && x !== undefined && x !== '') values.add(String(x));
    }
    return values.size ? [{ code: f.dictionary, values: [...values].sort() }] : [];
  });
  const results = useQueries({
    queries: wanted.map((w) => ({
      queryKey: dictionaryKeys.translate(w.code, w.values, i18n.language),
      queryFn: () => searchDictionary(w.code, '', w.values),
      staleTime: 5 * 60_000,
    })),
  });
  const out = new Map<string, Map<string, string>>();
  wanted.forEach((w, i) => {
    const found = results[i]?.data ?? [];
    out.set(w.code, new Map(found.map((o) => [String(o.value), o.label])));
  });
  return out;
}
