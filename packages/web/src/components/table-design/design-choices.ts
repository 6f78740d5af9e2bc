import { langOf, type ReferenceTarget } from '@trestle/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../lib/store.ts';
import { menuAncestors } from '../menu-tree.ts';
import { referenceTargets } from './design-form.ts';
import type { TargetOption } from './FieldSettings.tsx';
import type { DesignListItem } from './table-design-api.ts';

/** The menu folders a design's screen may go under (entries without a url), named by their path. */
export function useFolders() {
  const permission = useAppStore((s) => s.permission);
  return useMemo(
    () =>
      permission
        .filter((m) => !m.url)
        .map((m) => ({
          value: m.id,
          label: [...menuAncestors(permission, m), m].map((x) => x.name).join(' / '),
        })),
    [permission],
  );
}

/** The tables a reference may point at: the built-in ones, then every other design's. */
export function useTargets(designs: readonly DesignListItem[], self: string | undefined) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return useMemo(() => {
    const others = designs.filter((d) => d.name !== self);
    const all: ReferenceTarget[] = [...referenceTargets, ...others.map((d) => d.target)];
    const options: TargetOption[] = [
      ...referenceTargets.map((r) => ({ value: r.table, label: t(`tableDesign.target.${r.table}`) })),
      ...others.map((d) => ({ value: d.table, label: `${d.table} (${d.label[lang]})` })),
    ];
    return { all, options };
  }, [designs, self, t, lang]);
}
