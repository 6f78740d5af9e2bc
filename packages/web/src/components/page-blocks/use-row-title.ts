import type { EntityMeta } from '@trestle/shared';
import { useTranslation } from 'react-i18next';
import { cellText, type Row } from '../grid/columns.tsx';
import { useDictionaries, useRemoteLabels } from '../grid/dictionaries.ts';

/** How a block names a row (a calendar's entry, a tree's node): its title field as its list shows it. */
export function useRowTitle(meta: EntityMeta, field: string, rows: readonly Row[]) {
  const { t, i18n } = useTranslation();
  const dictionaries = useDictionaries([meta]);
  const remoteLabels = useRemoteLabels(meta, rows, dictionaries);
  const f = meta.fields.find((x) => x.name === field);
  const ctx = { language: i18n.language, t, dictionaries, remoteLabels };
  return { titleOf: (row: Row) => (f ? cellText(f, row, ctx) : String(row[meta.key] ?? '')), dictionaries };
}
