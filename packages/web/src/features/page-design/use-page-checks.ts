import { checkPage, isEntityBlock, type PageNode, type PageProblems } from '@trestle/shared';
import { useMemo } from 'react';
import { useEntityMetas } from './page-design-api.ts';

/** The entities the page's data blocks name (and the masters their detail lines belong to). */
export function entitiesOf(nodes: readonly PageNode[]): string[] {
  const names = new Set<string>();
  for (const n of nodes) {
    if (!isEntityBlock(n.type)) continue;
    const props = n.props as { entity?: unknown; detailOf?: unknown };
    if (typeof props.entity === 'string' && props.entity) names.add(props.entity);
    if (typeof props.detailOf === 'string' && props.detailOf) names.add(props.detailOf);
  }
  return [...names].sort();
}

/**
 * The page's problems as the designer sees them live (the shared `checkPage`, over the metadata of the entities
 * its blocks name), with the server's last refusal over them: each keyed `nodes.<uid>.<path>`.
 */
export function usePageChecks(nodes: readonly PageNode[], refused: PageProblems) {
  const names = entitiesOf(nodes);
  const { metas, settled } = useEntityMetas(names);
  const live = useMemo(
    // Until every entity's metadata is in, an entity still loading would look missing.
    () => (settled ? checkPage(nodes, { entity: (name) => metas.get(name) ?? null }) : {}),
    [nodes, metas, settled],
  );
  const problems = useMemo(() => ({ ...live, ...refused }), [live, refused]);
  return { problems, metas };
}

/** The problems of one block: those keyed under its uid, by the path after it ('' for the block itself). */
export function problemsOf(problems: PageProblems, uid: string): Record<string, string> {
  const prefix = `nodes.${uid}`;
  const out: Record<string, string> = {};
  for (const [key, why] of Object.entries(problems)) {
    if (key === prefix) out[''] = why;
    else if (key.startsWith(`${prefix}.`)) out[key.slice(prefix.length + 1)] = why;
  }
  return out;
}

/** The problem of a setting: at its path, or under it (`props.columns` takes `props.columns.2`). */
export function problemAt(mine: Record<string, string>, path: string): string | undefined {
  if (path in mine) return mine[path];
  const under = Object.keys(mine).find((k) => k.startsWith(`${path}.`));
  return under ? mine[under] : undefined;
}
