import type { BlockCondition, BlockLink, Where } from '@trestle/shared';
import { useTranslation } from 'react-i18next';
import { usePage } from './page-context.tsx';
import { blockName, conditionWheres, filterWheres, linkState, pageFiltersOf } from './page-wheres.ts';

/** The wheres a data block reads with (its conditions, the page filters, its link), or whom it waits for. */
export function useBlockWheres(
  uid: string,
  props: { conditions: readonly BlockCondition[]; link: BlockLink | null },
  ownKey: string,
) {
  const page = usePage();
  const { i18n } = useTranslation();
  const link = linkState(props.link, page.selection, ownKey);
  const filters = filterWheres(pageFiltersOf(page.nodes), page.filters, uid);
  const wheres: Where[] = [
    ...conditionWheres(props.conditions),
    ...filters,
    ...(link.kind === 'linked' ? [link.where] : []),
  ];
  const waitingFor = link.kind === 'waiting' ? blockName(page.nodes, link.source, i18n.language) : null;
  return { wheres, waitingFor };
}
