import {
  blockPropsSchemas,
  checkPage,
  type DatasetDefinition,
  datasetFields,
  type EntityMeta,
  isFileKey,
  type PageNode,
  type PageProblems,
} from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { sanitizeRichText } from '../../engine/rich-text.ts';
import { grantExpr } from '../../http/access.ts';
import type { AuthContext } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';

/**
 * A page's checks on save: the shared `checkPage` (the designer runs it live) against the entities the designer
 * may open, then what only the server knows: the forms, charts and dashboards of the company, the iframe
 * allow-list, and addresses a viewer's browser would be sent to. Rich text is stored sanitised.
 */
export type CheckDeps = {
  db: Db;
  definitions: readonly EntityDefinition[];
  /** The origins an iframe block may show (IFRAME_ORIGINS). */
  iframeOrigins: readonly string[];
};

/**
 * The screen whose grants open an entity: its own, or its master's for a detail entity. A built-in detail says
 * so (`detailOnly`); a designed one does not, and is known by its master listing it (it has no screen of its own).
 */
export function screenOf(definitions: readonly EntityDefinition[], def: EntityDefinition): string {
  if (!def.detailOnly && !def.designed) return def.meta.name;
  const master = definitions.find((d) => !d.detailOnly && d.meta.details.some((x) => x.entity === def.meta.name));
  return master?.meta.name ?? def.meta.name;
}

/**
 * The entities the page's blocks name, as the designer may open them (their screen's Search): a block on an
 * entity the designer could not open is refused as unknown, as the BI designer refuses a dataset on one.
 */
async function openEntities(deps: CheckDeps, auth: Pick<AuthContext, 'userId'>, nodes: readonly PageNode[]) {
  const named = new Set<string>();
  for (const n of nodes) {
    const props = n.props as { entity?: unknown; detailOf?: unknown };
    for (const v of [props.entity, props.detailOf]) if (typeof v === 'string') named.add(v);
  }
  const defs = [...named].flatMap((name) => deps.definitions.filter((d) => d.meta.name === name));
  const screens = [...new Set(defs.map((d) => screenOf(deps.definitions, d)))];
  if (screens.length === 0) return new Map<string, EntityMeta>();
  const rows = await queryRows<{ menu: string }>(
    deps.db,
    sql.join(
      screens.map((menu) => sql`select ${menu}::text as menu where ${grantExpr(sql`${auth.userId}`, menu, 'Search')}`),
      sql` union all `,
    ),
  );
  const open = new Set(rows.map((r) => r.menu));
  return new Map(defs.filter((d) => open.has(screenOf(deps.definitions, d))).map((d) => [d.meta.name, d.meta]));
}

/** Ids of `table` among `ids` that are the company's (row-level security keeps others out); `where` narrows. */
async function existing(db: Db, table: string, ids: number[], where = sql`true`) {
  if (ids.length === 0) return new Set<number>();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ${sql.identifier(table)} where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) and ${where}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** An address a viewer's browser opens: an in-app route ('/x', never '//host') or an https one. */
const linkOk = (url: string) => /^\/(?![/\\])/.test(url) || httpsUrl(url);
const httpsUrl = (url: string) => URL.canParse(url) && new URL(url).protocol === 'https:';
/**
 * An image: a file uploaded to this app, by its key. Like rich text's pictures, never another site's address: the
 * Content-Security-Policy's img-src is 'self', and a page should not hand its viewers' visits to another host.
 */
const imageOk = (src: string) => isFileKey(src);

/**
 * The dataset fields a page filter or a link names on a chart block must be the chart's dataset's (checkPage
 * leaves them to the server, which reads the chart): keyed as the filter's target or the block's link.
 */
async function chartFieldProblems(deps: CheckDeps, nodes: readonly PageNode[], charts: Set<number>) {
  const chartOf = new Map(nodes.flatMap((n) => (n.type === 'chart' ? [[n.uid, n.props.chartId] as const] : [])));
  const named: { key: string; chartId: number; field: string }[] = [];
  for (const n of nodes) {
    if (n.type === 'page')
      n.props.filters.forEach((f, i) => {
        f.targets.forEach((target, j) => {
          const chartId = chartOf.get(target.block);
          const key = `nodes.${n.uid}.props.filters.${i}.targets.${j}.field`;
          if (chartId !== undefined) named.push({ key, chartId, field: target.field });
        });
      });
    const link = (n.props as { link?: { field?: string } | null }).link;
    if (n.type === 'chart' && link?.field !== undefined)
      named.push({ key: `nodes.${n.uid}.props.link.field`, chartId: n.props.chartId, field: link.field });
  }
  const ids = [...new Set(named.map((x) => x.chartId))].filter((id) => charts.has(id));
  if (ids.length === 0) return {};
  const rows = await queryRows<{ id: number; definition: DatasetDefinition }>(
    deps.db,
    sql`select c.id, d.definition from bi_charts c join bi_datasets d on d.id = c.dataset_id
        where c.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  const metas = deps.definitions.map((d) => d.meta);
  const fields = new Map(
    rows.map((r) => [Number(r.id), new Set(datasetFields(r.definition, metas).map((f) => f.name))]),
  );
  const problems: PageProblems = {};
  for (const x of named) {
    const known = fields.get(x.chartId);
    if (known && !known.has(x.field)) problems[x.key] = `chart ${x.chartId} has no field ${x.field}`;
  }
  return problems;
}

async function referenceProblems(deps: CheckDeps, nodes: readonly PageNode[]): Promise<PageProblems> {
  const ids = (type: string, key: string) =>
    nodes.flatMap((n) => (n.type === type ? [Number((n.props as Record<string, unknown>)[key])] : []));
  const [forms, charts, dashboards] = await Promise.all([
    existing(deps.db, 'forms', ids('form', 'formId'), sql`published_version is not null`),
    existing(deps.db, 'bi_charts', ids('chart', 'chartId')),
    existing(deps.db, 'bi_dashboards', ids('dashboard', 'dashboardId')),
  ]);
  const problems: PageProblems = {};
  const at = (uid: string, path: string, message: string) => {
    problems[`nodes.${uid}.${path}`] = message;
  };
  for (const n of nodes) {
    if (n.type === 'form' && !forms.has(n.props.formId))
      at(n.uid, 'props.formId', `no published form ${n.props.formId}`);
    if (n.type === 'chart' && !charts.has(n.props.chartId)) at(n.uid, 'props.chartId', `no chart ${n.props.chartId}`);
    if (n.type === 'dashboard' && !dashboards.has(n.props.dashboardId))
      at(n.uid, 'props.dashboardId', `no dashboard ${n.props.dashboardId}`);
    if (n.type === 'iframe' && !deps.iframeOrigins.includes(new URL(n.props.url).origin))
      at(n.uid, 'props.url', `${new URL(n.props.url).origin} is not an allowed origin`);
    if (n.type === 'image' && !imageOk(n.props.src)) at(n.uid, 'props.src', 'a picture uploaded here (its file key)');
    if (n.type === 'links')
      n.props.items.forEach((item, i) => {
        if (!linkOk(item.url)) at(n.uid, `props.items.${i}.url`, 'an in-app route (/…) or an https address');
      });
  }
  return { ...problems, ...(await chartFieldProblems(deps, nodes, charts)) };
}

/**
 * The tree with each node's settings in their stored form (defaults filled in, rich text sanitised), once the
 * checks pass; a 400 with every problem keyed nodes.<uid>.<path> otherwise.
 */
export async function checkedTree(
  deps: CheckDeps,
  auth: Pick<AuthContext, 'userId'>,
  nodes: readonly PageNode[],
): Promise<PageNode[]> {
  const entities = await openEntities(deps, auth, nodes);
  const problems = checkPage(nodes, { entity: (name) => entities.get(name) ?? null });
  if (Object.keys(problems).length === 0) {
    // Only a tree whose settings parse is read further: the server's checks need them typed.
    const typed = nodes.map((n) => ({ ...n, props: blockPropsSchemas[n.type].parse(n.props) }) as PageNode);
    Object.assign(problems, await referenceProblems(deps, typed));
    if (Object.keys(problems).length === 0) return typed.map(stored);
  }
  const [first] = Object.entries(problems);
  throw badRequest(`The page has errors: ${first?.[0]} ${first?.[1]}`, problems);
}

function stored(n: PageNode): PageNode {
  if (n.type === 'richText') return { ...n, props: { ...n.props, html: sanitizeRichText(n.props.html) } };
  return n;
}
