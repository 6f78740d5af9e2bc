import type { FormDesign, MyForm, SubmissionItem } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { type FormCaller, type FormRoles, mayFill, mayRead } from './forms.access.ts';
import { iso } from './forms.repository.ts';

/** The published standalone forms the caller may fill or read the answers of (the Forms screen). */
export async function myForms(db: Db, caller: FormCaller): Promise<MyForm[]> {
  const rows = await queryRows<FormRoles & { id: number; version: number; design: FormDesign; submissions: number }>(
    db,
    sql`select f.id, f.published_version as version, v.design, f.design_roles as "designRoles",
          f.fill_roles as "fillRoles", f.read_roles as "readRoles",
          (select count(*)::int from form_submissions s where s.form_id = f.id) as submissions
        from forms f join form_versions v on v.form_id = f.id and v.version = f.published_version
        where f.entity is null order by f.id`,
  );
  return rows.flatMap((r) => {
    const roles: FormRoles = {
      designRoles: r.designRoles.map(Number),
      fillRoles: r.fillRoles.map(Number),
      readRoles: r.readRoles.map(Number),
    };
    const canFill = mayFill(caller, roles);
    const canRead = mayRead(caller, roles);
    if (!canFill && !canRead) return [];
    return [
      { id: r.id, title: r.design.title, version: r.version, canFill, canRead, submissions: Number(r.submissions) },
    ];
  });
}

type SubmissionRow = {
  id: number;
  formVersion: number;
  submittedBy: string | null;
  submittedAt: unknown;
  mainData: Record<string, unknown>;
  detailData: Record<string, Record<string, unknown>[]>;
};

const submissionColumns = sql`s.id, s.form_version as "formVersion", u.user_true_name as "submittedBy",
  s.submitted_at as "submittedAt", s.main_data as "mainData", s.detail_data as "detailData"`;

/** A page of a form's answers, newest (or oldest) first, those whose text holds `search` when given. */
export async function pageSubmissions(
  db: Db,
  q: { id: number; page: number; rows: number; search: string; order: 'asc' | 'desc' },
): Promise<{ rows: SubmissionItem[]; total: number }> {
  const where = q.search
    ? sql`s.form_id = ${q.id} and s.search ilike ${containing(q.search.toLowerCase())}`
    : sql`s.form_id = ${q.id}`;
  const order = q.order === 'asc' ? sql`s.submitted_at asc, s.id asc` : sql`s.submitted_at desc, s.id desc`;
  const [rows, [count]] = await Promise.all([
    queryRows<SubmissionRow>(
      db,
      sql`select ${submissionColumns} from form_submissions s left join users u on u.id = s.submitted_by
          where ${where} order by ${order} limit ${q.rows} offset ${(q.page - 1) * q.rows}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from form_submissions s where ${where}`),
  ]);
  return {
    rows: rows.map(({ detailData: _lines, ...r }) => ({ ...r, submittedAt: iso(r.submittedAt) })),
    total: Number(count?.n ?? 0),
  };
}

/** One answer with the name of who filled it (null: the public link). */
export async function submissionById(db: Db, id: number): Promise<(SubmissionRow & { formId: number }) | undefined> {
  const [row] = await queryRows<SubmissionRow & { formId: number }>(
    db,
    sql`select ${submissionColumns}, s.form_id as "formId" from form_submissions s
        left join users u on u.id = s.submitted_by where s.id = ${id}`,
  );
  return row;
}

/** Every answer of a form, oldest first, for the export. */
export const allSubmissions = (db: Db, formId: number) =>
  queryRows<SubmissionRow>(
    db,
    sql`select ${submissionColumns} from form_submissions s left join users u on u.id = s.submitted_by
        where s.form_id = ${formId} order by s.submitted_at, s.id`,
  );
