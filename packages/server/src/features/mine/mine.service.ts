import {
  columnOf,
  type EntityMeta,
  localizeWarning,
  type MineDocument,
  type MineMilestone,
  type MineProject,
  type MineWarning,
} from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { scopeWhere } from '../../engine/scope.ts';
import { dataScopeOf, grantExpr, scopeExpr } from '../../http/access.ts';
import type { AuthContext } from '../../http/auth.ts';
import type { Language } from '../../http/language.ts';

export type MineDeps = { db: Db; now: () => Date; definitions: EntityDefinition[] };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const LIMIT = 200;

/** The text a document is known by in a list: its code, else its name, else its key. */
function textOf(meta: EntityMeta): SQL {
  const f = meta.fields.find((x) => x.name === 'code') ?? meta.fields.find((x) => x.name === 'name');
  return f ? sql`t.${sql.identifier(columnOf(f))}::text` : sql`t.id::text`;
}

/** The code of the document's project, when the entity belongs to one. */
function projectCodeOf(meta: EntityMeta): SQL {
  const f = meta.scope.project ? meta.fields.find((x) => x.name === meta.scope.project) : undefined;
  if (!f) return sql`null::text`;
  return sql`(select pp.code from projects pp where pp.id = t.${sql.identifier(columnOf(f))})`;
}

/** /MineInformation: the signed-in user's projects, milestones, approvals, submissions and warnings. */
export function createMineService({ db, now, definitions }: MineDeps) {
  const documentEntities = definitions.filter((d) => d.meta.audit && !d.detailOnly);
  const me = (auth: AuthContext) => sql`${auth.userId}`;
  const myEmployees = (auth: AuthContext) =>
    sql`(select e.id from employees e where e.user_id = ${auth.userId} and e.deleted_at is null)`;

  async function projects(auth: AuthContext): Promise<MineProject[]> {
    return queryRows<MineProject>(
      db,
      sql`select p.id, p.code, p.name, p.type, p.status, p.stage, p.health, p.progress_pct::float8 as "progressPct",
            case when p.manager_id in ${myEmployees(auth)} then 'PM' else tm.role end as role,
            nx.name as "nextMilestone", to_char(nx.planned_date, 'YYYY-MM-DD') as "nextMilestoneDate"
          from projects p
          left join lateral (select pt.role from project_team pt where pt.project_id = p.id
            and pt.employee_id in ${myEmployees(auth)} and pt.leave_date is null order by pt.id limit 1) tm on true
          left join lateral (select m.name, m.planned_date from project_milestone m where m.project_id = p.id
            and m.deleted_at is null and m.status not in ('REACHED', 'CANCELLED') order by m.planned_date, m.id limit 1) nx on true
          where p.tenant_id = ${auth.tenantId} and p.deleted_at is null
            and (p.manager_id in ${myEmployees(auth)} or tm.role is not null)
          order by p.status in ('CLOSED', 'CANCELLED'), p.code desc limit ${LIMIT}`,
    );
  }

  /** Milestones the user owns that are still to reach, overdue first. */
  async function milestones(auth: AuthContext): Promise<MineMilestone[]> {
    const today = sql`${isoDay(now())}::date`;
    return queryRows<MineMilestone>(
      db,
      sql`select m.id, m.project_id as "projectId", p.code as "projectCode", p.name as "projectName", m.name,
            m.is_key as "isKey", to_char(m.planned_date, 'YYYY-MM-DD') as "plannedDate", m.status,
            (m.planned_date - ${today})::int as "daysLeft"
          from project_milestone m join projects p on p.id = m.project_id
          where m.tenant_id = ${auth.tenantId} and m.deleted_at is null and p.deleted_at is null
            and m.status not in ('REACHED', 'CANCELLED') and m.owner_id in ${myEmployees(auth)}
          order by m.planned_date, m.id limit ${LIMIT}`,
    );
  }

  /** Open warnings assigned to the user, titled in `lang`; snoozed ones come back when their date comes. */
  async function warnings(auth: AuthContext, lang: Language): Promise<MineWarning[]> {
    const rows = await queryRows<MineWarning & { args: unknown }>(
      db,
      sql`select w.id, w.project_id as "projectId", p.code as "projectCode", p.name as "projectName",
            w.rule_code as "ruleCode", w.severity, w.status, w.title, w.args,
            to_char(w.first_detected_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "firstDetectedAt",
            to_char(w.snoozed_until, 'YYYY-MM-DD') as "snoozedUntil"
          from project_warning w join projects p on p.id = w.project_id
          where w.tenant_id = ${auth.tenantId} and w.assignee_id = ${auth.userId}
            and w.status in ('OPEN', 'ACKNOWLEDGED')
            and (w.snoozed_until is null or w.snoozed_until <= ${isoDay(now())}::date)
          order by w.severity_rank desc, w.first_detected_at, w.id limit ${LIMIT}`,
    );
    return rows.map(({ args, ...w }) => ({ ...w, title: localizeWarning({ ...w, args }, lang).title }));
  }

  /**
   * Documents of the approval screens where the user holds `button`, within the data scope that grant
   * gives (the roles holding it), matching `condition` on the alias t.
   */
  async function documents(auth: AuthContext, button: string, condition: SQL): Promise<MineDocument[]> {
    if (documentEntities.length === 0) return [];
    const [held] = await queryRows<Record<string, unknown>>(
      db,
      sql`select ${sql.join(
        documentEntities.map(
          (d, i) =>
            sql`${grantExpr(me(auth), d.meta.name, button)} as ${sql.identifier(`g${i}`)},
              ${scopeExpr(me(auth), { menu: d.meta.name, button })} as ${sql.identifier(`s${i}`)}`,
        ),
        sql`, `,
      )}`,
    );
    const parts: SQL[] = [];
    documentEntities.forEach((d, i) => {
      if (held?.[`g${i}`] !== true) return;
      const scoped = { ...auth, dataScope: dataScopeOf(held[`s${i}`]) };
      parts.push(
        sql`(select ${d.meta.name}::text as entity, t.id as key, ${textOf(d.meta)} as text,
              ${projectCodeOf(d.meta)} as "projectCode", t.audit_status::int as "auditStatus",
              t.audit_reason as "auditReason", t.updated_at
            from ${sql.identifier(d.meta.table)} t where ${scopeWhere(d, scoped)} and ${condition}
            order by t.updated_at desc limit ${LIMIT})`,
      );
    });
    if (parts.length === 0) return [];
    const rows = await queryRows<Omit<MineDocument, 'entityLabel'>>(
      db,
      sql`select x.entity, x.key, x.text, x."projectCode", x."auditStatus", x."auditReason",
            to_char(x.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt"
          from (${sql.join(parts, sql` union all `)}) x order by x.updated_at desc limit ${LIMIT}`,
    );
    const labels = new Map(documentEntities.map((d) => [d.meta.name, d.meta.label]));
    return rows.map((r) => ({ ...r, entityLabel: labels.get(r.entity) ?? { en: r.entity, zh: r.entity } }));
  }

  /** Documents in approval on the screens where the user may approve. */
  const approvals = (auth: AuthContext) => documents(auth, 'Audit', sql`t.audit_status = 3`);

  /** Documents the user created that are in approval or were rejected. */
  const submissions = (auth: AuthContext) =>
    documents(auth, 'Search', sql`t.created_by = ${auth.userId} and t.audit_status in (2, 3)`);

  return { projects, milestones, warnings, approvals, submissions };
}
