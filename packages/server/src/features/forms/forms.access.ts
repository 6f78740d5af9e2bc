import { ErrorCode, type FormViewer } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { grantExpr } from '../../http/access.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, forbidden } from '../../http/errors.ts';

/**
 * Who is asking, as a form's own role lists read it: the caller's enabled roles, whether one of them is a super
 * role (the same `is_super` the grant check reads: never a role's name), and whether the caller holds the
 * designer's Search grant (a designer reads every form's answers unless the form's design roles leave it out).
 */
export type FormCaller = {
  userId: number;
  tenantId: number;
  roleIds: number[];
  isSuper: boolean;
  designer: boolean;
  organizationId: number | null;
};

/** The caller's enabled roles, as rows `r` (the one place both a form's role lists and its rules read them). */
const enabledRoles = (userId: number) =>
  sql`user_roles ur join roles r on r.id = ur.role_id and r.enabled where ur.user_id = ${userId}`;

export async function formCaller(db: Db, auth: AuthContext): Promise<FormCaller> {
  const [row] = await queryRows<{ roleIds: number[] | null; isSuper: boolean | null; designer: boolean }>(
    db,
    sql`select array_agg(r.id order by r.id) as "roleIds", bool_or(r.is_super) as "isSuper",
          ${grantExpr(sql`${auth.userId}`, 'formDesign', 'Search')} as designer
        from ${enabledRoles(auth.userId)}`,
  );
  return {
    userId: auth.userId,
    tenantId: auth.tenantId,
    roleIds: (row?.roleIds ?? []).map(Number),
    isSuper: row?.isSuper === true,
    designer: row?.designer === true,
    organizationId: auth.dataScope.organizationId,
  };
}

/** Who a form's rules read (a bound form's, on an entity's save): the caller's enabled roles and organisation. */
export async function viewerOf(db: Db, auth: AuthContext): Promise<FormViewer> {
  const rows = await queryRows<{ id: number }>(db, sql`select r.id from ${enabledRoles(auth.userId)}`);
  return { roleIds: rows.map((r) => Number(r.id)), organizationId: auth.dataScope.organizationId };
}

/** A form's role lists: an empty list leaves the matter to the screen's grant alone. */
export type FormRoles = { designRoles: number[]; fillRoles: number[]; readRoles: number[] };

const holdsAny = (caller: FormCaller, roles: readonly number[]) => roles.some((r) => caller.roleIds.includes(r));

export const mayDesign = (caller: FormCaller, form: FormRoles) =>
  caller.isSuper || form.designRoles.length === 0 || holdsAny(caller, form.designRoles);

export const mayFill = (caller: FormCaller, form: FormRoles) =>
  caller.isSuper || form.fillRoles.length === 0 || holdsAny(caller, form.fillRoles);

/** Readers of the answers: those listed, and the designers of the form. */
export const mayRead = (caller: FormCaller, form: FormRoles) =>
  holdsAny(caller, form.readRoles) || (caller.designer && mayDesign(caller, form));

export function requireDesign(caller: FormCaller, form: FormRoles) {
  if (!mayDesign(caller, form)) throw forbidden('The form’s design roles leave you out');
}
export function requireFill(caller: FormCaller, form: FormRoles) {
  if (!mayFill(caller, form)) throw forbidden('You may not fill this form');
}
export function requireRead(caller: FormCaller, form: FormRoles) {
  if (!mayRead(caller, form)) throw forbidden('You may not read this form’s answers');
}

export const formNotFound = (id: number | string) => new AppError(404, ErrorCode.notFound, `No form ${String(id)}`);
export const conflict = (message: string) => new AppError(409, ErrorCode.conflict, message);
