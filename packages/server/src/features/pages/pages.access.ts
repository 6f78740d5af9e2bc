import type { PageChart, PageNode, PageView } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { grantExpr } from '../../http/access.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';
import { notFound } from './pages.repository.ts';

/**
 * Who may do what with pages, each answer from the one grant check (grantExpr): a page designer (PageDesign's
 * Search) opens every page of the tenant; anyone else a published page shared with one of their enabled roles.
 */
export const PAGE_MENU = 'PageDesign';
export const MIX_MENU = 'MixDesign';

export async function holds(db: Db, auth: Pick<AuthContext, 'userId'>, menu: string, button: string) {
  const [row] = await queryRows<{ granted: boolean }>(
    db,
    sql`select ${grantExpr(sql`${auth.userId}`, menu, button)} as granted`,
  );
  return row?.granted === true;
}

/** A save that makes a row is Add, one that changes a row Update: one route, two grants (403 without). */
export async function requireButton(db: Db, auth: Pick<AuthContext, 'userId'>, menu: string, button: string) {
  if (!(await holds(db, auth, menu, button))) throw forbidden(`You may not do this without ${menu}'s ${button}`);
}

/** The caller's enabled roles share the page (`p`): the test the view, the charts and the menu entries make. */
const sharedWith = (userId: number) => sql`exists (
  select 1 from user_roles ur join roles r on r.id = ur.role_id and r.enabled
  where ur.user_id = ${userId} and r.id = any(p.share_roles))`;

type ViewRow = {
  designer: boolean;
  shared: boolean;
  version: number | null;
  name: string;
  titleEn: string;
  titleZh: string;
  nodes: PageNode[];
};

/**
 * A published page as its viewer gets it: another tenant's or an unpublished one is a 404 (nothing of it is the
 * caller's to learn); one not shared with them a 403, as the menu holds no entry for it.
 */
export async function publishedPage(db: Db, auth: Pick<AuthContext, 'userId'>, id: number) {
  const [row] = await queryRows<ViewRow>(
    db,
    sql`select ${grantExpr(sql`${auth.userId}`, PAGE_MENU, 'Search')} as designer, ${sharedWith(auth.userId)} as shared,
          p.published_version as version, p.name, p.title_en as "titleEn", p.title_zh as "titleZh", v.nodes
        from pages p join page_versions v on v.page_id = p.id and v.version = p.published_version
        where p.id = ${id}`,
  );
  if (!row) throw notFound('published page', id);
  if (!row.designer && !row.shared) throw forbidden('The page is not shared with you');
  return {
    id,
    name: row.name,
    title: { en: row.titleEn, zh: row.titleZh },
    version: Number(row.version),
    nodes: row.nodes,
  };
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** The published page with the saved charts its chart blocks show (what to draw; a viewer may not read BI's). */
export async function pageView(db: Db, auth: Pick<AuthContext, 'userId'>, id: number): Promise<PageView> {
  const page = await publishedPage(db, auth, id);
  const chartIds = page.nodes.flatMap((n) => (n.type === 'chart' ? [n.props.chartId] : []));
  const charts = chartIds.length
    ? await queryRows<PageChart>(
        db,
        sql`select id, name, definition from bi_charts where id in (${idList(chartIds)}) order by id`,
      )
    : [];
  return { ...page, charts: charts.map((c) => ({ ...c, id: Number(c.id) })) };
}

/**
 * The charts a viewer may run on published page `pageId` (bi.run, injected from app.ts): its chart blocks' and
 * its dashboard blocks' charts. Null when there is no such published page or it is not shared with them.
 */
export async function pageChartIds(db: Db, auth: Pick<AuthContext, 'userId'>, pageId: number) {
  // A page that is not there, not published or not shared is no list at all: bi.run answers 403.
  const page = await publishedPage(db, auth, pageId).catch((err: unknown) => {
    if (err instanceof AppError && err.statusCode < 500) return null;
    throw err;
  });
  if (!page) return null;
  const charts = page.nodes.flatMap((n) => (n.type === 'chart' ? [n.props.chartId] : []));
  const dashboards = page.nodes.flatMap((n) => (n.type === 'dashboard' ? [n.props.dashboardId] : []));
  if (dashboards.length === 0) return charts;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct unnest(b.chart_ids) as id from bi_dashboards b where b.id in (${idList(dashboards)})`,
  );
  return [...new Set([...charts, ...rows.map((r) => Number(r.id))])];
}

/**
 * Menu entries' ids: below those of published dashboards (their ids negated, never under -2^31), so the two never
 * meet, nor a menu row's.
 */
const MENU_ID_BASE = 2 ** 31;

/**
 * The caller's published pages as entries of their menu (getTreeMenu): each /page/<id> under the folder it was
 * published to, for a designer or a viewer with a shared role (the view's own test). A page published with no
 * menu folder set is opened by its link only.
 */
export async function pageMenuEntries(db: Db, auth: Pick<AuthContext, 'userId'>, lang: Language) {
  const rows = await queryRows<{ id: number; title: string; folder: string }>(
    db,
    sql`select p.id, ${lang === 'zh' ? sql`p.title_zh` : sql`p.title_en`} as title, p.published_folder as folder
        from pages p
        where p.published_version is not null and p.published_folder is not null
          and (${grantExpr(sql`${auth.userId}`, PAGE_MENU, 'Search')} or ${sharedWith(auth.userId)})
        order by p.name, p.id`,
  );
  return rows.map((r) => ({
    id: -(MENU_ID_BASE + Number(r.id)),
    name: r.title,
    url: `/page/${r.id}`,
    icon: 'LayoutOutlined',
    folder: r.folder === '' ? null : r.folder,
  }));
}
