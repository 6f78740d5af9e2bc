import type { FormAccess, FormDesign, FormListItem, FormVersionItem } from '@trestle/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { forms, formVersions } from '../../db/schema-forms.ts';
import { conflict, type FormRoles, formNotFound } from './forms.access.ts';

export type FormRow = typeof forms.$inferSelect;

/** The drivers hand timestamps back as Date objects from raw SQL; the wire carries ISO text. */
export const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

export const rolesOf = (row: FormRow): FormRoles => ({
  designRoles: row.designRoles,
  fillRoles: row.fillRoles,
  readRoles: row.readRoles,
});

export const accessOf = (row: FormRow): FormAccess => ({
  ...rolesOf(row),
  publicLink: {
    enabled: row.publicEnabled,
    expiresAt: row.publicExpiresAt ? row.publicExpiresAt.toISOString() : null,
    maxCount: row.publicMaxCount,
    captcha: row.publicCaptcha,
  },
});

/** One form of the caller's tenant (row-level security): another tenant's id is a missing one. */
export async function readForm(db: Db, id: number, lock = false): Promise<FormRow> {
  const query = db.select().from(forms).where(eq(forms.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw formNotFound(id);
  return row;
}

export async function readVersion(db: Db, formId: number, version: number): Promise<FormDesign | null> {
  const [row] = await db
    .select({ design: formVersions.design })
    .from(formVersions)
    .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)));
  return row?.design ?? null;
}

/** Every form of the tenant with where it stands: the draft's JSON against the published version's. */
export async function listForms(db: Db): Promise<FormListItem[]> {
  const rows = await queryRows<{
    id: number;
    entity: string | null;
    draft: FormDesign;
    publishedVersion: number | null;
    same: boolean | null;
    submissions: number;
    publicEnabled: boolean;
    version: number;
    updatedAt: unknown;
  }>(
    db,
    sql`select f.id, f.entity, f.draft, f.published_version as "publishedVersion", (f.draft = v.design) as same,
          (select count(*)::int from form_submissions s where s.form_id = f.id) as submissions,
          f.public_enabled as "publicEnabled", f.version, f.updated_at as "updatedAt"
        from forms f left join form_versions v on v.form_id = f.id and v.version = f.published_version
        order by f.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.draft.title,
    entity: r.entity,
    status: r.publishedVersion === null ? 'draft' : r.same ? 'published' : 'changed',
    publishedVersion: r.publishedVersion,
    submissions: Number(r.submissions),
    publicLink: r.publicEnabled,
    version: r.version,
    updatedAt: iso(r.updatedAt),
  }));
}

export async function listVersions(db: Db, formId: number): Promise<FormVersionItem[]> {
  const rows = await queryRows<{
    version: number;
    publishedAt: unknown;
    publishedBy: string | null;
    submissions: number;
  }>(
    db,
    sql`select v.version, v.published_at as "publishedAt", u.user_true_name as "publishedBy",
          (select count(*)::int from form_submissions s where s.form_id = v.form_id and s.form_version = v.version) as submissions
        from form_versions v left join users u on u.id = v.published_by
        where v.form_id = ${formId} order by v.version desc`,
  );
  return rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt), submissions: Number(r.submissions) }));
}

export async function countSubmissions(db: Db, formId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from form_submissions where form_id = ${formId}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Moves the row's version on, if the caller read the one stored (optimistic lock): a concurrent edit
 * answers 409 and nothing is written.
 */
export async function updateForm(
  db: Db,
  id: number,
  version: number,
  userId: number,
  at: Date,
  set: Partial<typeof forms.$inferInsert>,
): Promise<number> {
  const [row] = await db
    .update(forms)
    .set({ ...set, version: sql`${forms.version} + 1`, updatedBy: userId, updatedAt: at })
    .where(and(eq(forms.id, id), eq(forms.version, version)))
    .returning({ version: forms.version });
  if (!row) {
    await readForm(db, id);
    throw staleForm();
  }
  return row.version;
}

export const staleForm = () => conflict('The form was changed by someone else: reload it');
