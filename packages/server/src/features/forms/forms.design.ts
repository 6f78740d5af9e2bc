import { randomBytes } from 'node:crypto';
import { checkFormDesign, type FormAccess, type FormDesign } from '@trestle/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { organizations, roles } from '../../db/schema.ts';
import { forms, formVersions } from '../../db/schema-forms.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { grantExpr } from '../../http/access.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { conflict, type FormCaller, requireDesign } from './forms.access.ts';
import type { BoundForms } from './forms.bound.ts';
import { entityScreen } from './forms.bound.ts';
import { countSubmissions, readForm, readVersion, rolesOf, staleForm, updateForm } from './forms.repository.ts';

export type DesignDeps = { db: Db; now: () => Date; definitions: readonly EntityDefinition[]; bound: BoundForms };

/** Which of `ids` name rows of `table` in the caller's company: another company's id is refused as unknown. */
async function ownIds(db: Db, table: typeof roles | typeof organizations, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, [...new Set(ids)]), eq(table.tenantId, tenantId)));
  return new Set(found.map((r) => r.id));
}

/** A rule's role and organisation conditions must name the company's own (as the form's role lists must). */
async function ruleIdErrors(db: Db, tenantId: number, design: FormDesign) {
  const conditions = design.rules.flatMap((rule, i) =>
    rule.when.flatMap((c, j) =>
      c.subject === 'field' ? [] : [{ at: `rules.${i}.when.${j}.value`, subject: c.subject, ids: c.value }],
    ),
  );
  const idsOf = (subject: string) => conditions.filter((c) => c.subject === subject).flatMap((c) => c.ids);
  const known = {
    role: await ownIds(db, roles, tenantId, idsOf('role')),
    organization: await ownIds(db, organizations, tenantId, idsOf('organization')),
  };
  const errors: Record<string, string> = {};
  for (const c of conditions) {
    const missing = c.ids.filter((id) => !known[c.subject].has(id));
    if (missing.length) errors[c.at] = `no ${c.subject} ${missing.join(', ')} in this company`;
  }
  return errors;
}

/**
 * A design's problems, as the designer shows them: a bound form is read against its entity, which the caller
 * must be able to open (its menu's Search), and which may have only one form per tenant.
 */
async function checkDesign(deps: DesignDeps, caller: FormCaller, design: FormDesign, ownId?: number) {
  const screen = design.entity ? entityScreen(deps.definitions, design.entity) : undefined;
  if (design.entity && screen) {
    const [row] = await queryRows<{ granted: boolean }>(
      deps.db,
      sql`select ${grantExpr(sql`${caller.userId}`, design.entity, 'Search')} as granted`,
    );
    if (row?.granted !== true) throw forbidden(`You may not open ${design.entity}, so you may not lay out its form`);
    const [taken] = await queryRows<{ id: number }>(
      deps.db,
      sql`select id from forms where entity = ${design.entity} and id <> ${ownId ?? 0}`,
    );
    if (taken) throw conflict(`${design.entity} has a form already (form ${taken.id})`);
  }
  const fieldErrors = {
    ...checkFormDesign(design, screen ?? null),
    ...(await ruleIdErrors(deps.db, caller.tenantId, design)),
  };
  if (Object.keys(fieldErrors).length) throw badRequest('The design has errors', fieldErrors);
}

export async function addForm(deps: DesignDeps, caller: FormCaller, design: FormDesign) {
  await checkDesign(deps, caller, design);
  const at = deps.now();
  const [row] = await deps.db
    .insert(forms)
    .values({
      tenantId: caller.tenantId,
      entity: design.entity ?? null,
      draft: design,
      createdBy: caller.userId,
      createdAt: at,
      updatedBy: caller.userId,
      updatedAt: at,
    })
    .returning({ id: forms.id, version: forms.version });
  if (!row) throw new Error('no form row');
  return row;
}

export async function saveForm(deps: DesignDeps, caller: FormCaller, id: number, version: number, design: FormDesign) {
  const row = await readForm(deps.db, id);
  requireDesign(caller, rolesOf(row));
  // The entity is chosen once: a published version laid out for one entity must never govern another's saves.
  if ((design.entity ?? null) !== row.entity)
    throw badRequest('The design has errors', { entity: 'a form’s entity is chosen when it is made' });
  await checkDesign(deps, caller, design, id);
  return { version: await updateForm(deps.db, id, version, caller.userId, deps.now(), { draft: design }) };
}

export async function publishForm(deps: DesignDeps, caller: FormCaller, id: number, version: number) {
  const result = await deps.db.transaction(async (tx) => {
    const row = await readForm(tx, id, true);
    requireDesign(caller, rolesOf(row));
    if (row.version !== version) throw staleForm();
    await checkDesign({ ...deps, db: tx }, caller, row.draft, id);
    // Compared as stored (jsonb), so key order never makes an unchanged draft look new.
    const [last] = await queryRows<{ version: number | null; same: boolean | null }>(
      tx,
      sql`select v.version, (v.design = f.draft) as same from forms f
          left join form_versions v on v.form_id = f.id and v.version = (select max(version) from form_versions where form_id = f.id)
          where f.id = ${id}`,
    );
    if (last?.same) throw conflict('Nothing to publish: the draft is the last version published');
    const next = (last?.version ?? 0) + 1;
    const at = deps.now();
    await tx.insert(formVersions).values({
      formId: id,
      version: next,
      tenantId: caller.tenantId,
      design: row.draft,
      publishedAt: at,
      publishedBy: caller.userId,
    });
    const rowVersion = await updateForm(tx, id, version, caller.userId, at, { publishedVersion: next });
    return { publishedVersion: next, version: rowVersion, entity: row.entity };
  });
  await deps.bound.changed(caller.tenantId, result.entity);
  return { publishedVersion: result.publishedVersion, version: result.version };
}

export async function revertForm(deps: DesignDeps, caller: FormCaller, id: number, version: number, to: number) {
  const row = await readForm(deps.db, id);
  requireDesign(caller, rolesOf(row));
  const old = await readVersion(deps.db, id, to);
  if (!old) throw badRequest('No such version', { toVersion: `the form has no version ${to}` });
  return { version: await updateForm(deps.db, id, version, caller.userId, deps.now(), { draft: old }) };
}

/** 32 URL-safe characters from 24 random bytes: a link nobody guesses. */
const newToken = () => randomBytes(24).toString('base64url');

export async function saveAccess(
  deps: DesignDeps,
  caller: FormCaller,
  id: number,
  version: number,
  access: FormAccess,
) {
  const row = await readForm(deps.db, id);
  requireDesign(caller, rolesOf(row));
  const lists = { designRoles: access.designRoles, fillRoles: access.fillRoles, readRoles: access.readRoles };
  const known = await ownIds(deps.db, roles, caller.tenantId, Object.values(lists).flat());
  const fieldErrors: Record<string, string> = {};
  for (const [list, ids] of Object.entries(lists)) {
    const missing = ids.filter((r) => !known.has(r));
    if (missing.length) fieldErrors[list] = `no role ${missing.join(', ')} in this company`;
  }
  if (Object.keys(fieldErrors).length) throw badRequest('The access has errors', fieldErrors);
  const link = access.publicLink;
  const publicToken = row.publicToken ?? (link.enabled ? newToken() : null);
  const next = await updateForm(deps.db, id, version, caller.userId, deps.now(), {
    ...lists,
    publicToken,
    publicEnabled: link.enabled,
    publicExpiresAt: link.expiresAt ? new Date(link.expiresAt) : null,
    publicMaxCount: link.maxCount,
    publicCaptcha: link.captcha,
  });
  return { version: next, publicToken };
}

/** A form with answers stays (they name its versions); a bound one deleted gives its entity back its own dialog. */
export async function deleteForm(deps: DesignDeps, caller: FormCaller, id: number) {
  // Counted and deleted under the form's row lock, which an answer takes too: none slips in between.
  const entity = await deps.db.transaction(async (tx) => {
    const row = await readForm(tx, id, true);
    requireDesign(caller, rolesOf(row));
    const answers = await countSubmissions(tx, id);
    if (answers > 0)
      throw conflict(`The form has ${answers} answer${answers === 1 ? '' : 's'}: it can't be deleted while they exist`);
    await tx.delete(forms).where(eq(forms.id, id));
    return row.entity;
  });
  await deps.bound.changed(caller.tenantId, entity);
  return { id };
}
