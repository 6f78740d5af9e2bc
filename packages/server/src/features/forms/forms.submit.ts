import {
  checkFormBody,
  ErrorCode,
  type FieldMeta,
  type FormDesign,
  type FormViewer,
  type ResolvedForm,
  resolveForm,
} from '@trestle/shared';
import type { Db } from '../../db/client.ts';
import { formSubmissions } from '../../db/schema-forms.ts';
import { checkFileKeys, holdsFiles } from '../../engine/file-keys.ts';
import { cleanRichText } from '../../engine/rich-text.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { conflict } from './forms.access.ts';
import { type FormRow, readForm, readVersion } from './forms.repository.ts';

type Row = Record<string, unknown>;
export type AnswerBody = { version: number; mainData: Row; detailData: Record<string, Row[]> };

export const notPublished = () => new AppError(404, ErrorCode.notFound, 'The form is not published');

/** The published design a filler gets: a bound form lays out a dialog and takes no answers of its own. */
export async function publishedDesign(db: Db, row: FormRow): Promise<FormDesign> {
  const design =
    row.entity === null && row.publishedVersion !== null ? await readVersion(db, row.id, row.publishedVersion) : null;
  if (!design) throw notPublished();
  return design;
}

/**
 * The answer's file and image keys, main values and every line's, checked in one read: each field is named by
 * where it sits (`mainData.photo`, `detailData.Attendees.0.badge`) so a refusal names the line.
 */
async function checkAnswerFiles(
  tx: Db,
  tenantId: number,
  form: ResolvedForm,
  main: Row,
  detail: Record<string, Row[]>,
) {
  const fields: FieldMeta[] = [];
  const values: Row = {};
  const add = (own: Iterable<FieldMeta>, row: Row, at: string) => {
    for (const f of own)
      if (holdsFiles(f.type)) {
        fields.push({ ...f, name: at + f.name });
        values[at + f.name] = row[f.name];
      }
  };
  add(form.fields.values(), main, 'mainData.');
  for (const [name, lines] of Object.entries(detail))
    for (const [i, line] of lines.entries()) add(form.tables.get(name)?.fields ?? [], line, `detailData.${name}.${i}.`);
  await checkFileKeys(tx, tenantId, { fields }, values);
}

/** Rich text as it is stored: sanitised by the engine's allow-list, its problems (too long once clean) refused. */
function cleanLine(fields: readonly FieldMeta[], row: Row, at: string, errors: Record<string, string>): Row {
  const out: Row = { ...row };
  for (const f of fields) {
    const value = row[f.name];
    if (f.type !== 'richText' || typeof value !== 'string') continue;
    const { html, problem } = cleanRichText(f, value);
    if (problem) errors[at + f.name] = problem;
    out[f.name] = html;
  }
  return out;
}

/** A public link's visitor has no uploads: any file or image value sent is refused on its field. */
function refuseFiles(form: ResolvedForm, body: AnswerBody) {
  const errors: Record<string, string> = {};
  const check = (fields: Iterable<FieldMeta>, row: Row, at: string) => {
    for (const f of fields) {
      const value = row[f.name];
      if (holdsFiles(f.type) && value !== null && value !== undefined && value !== '')
        errors[at + f.name] = 'a public link takes no files: sign in to attach them';
    }
  };
  check(form.fields.values(), body.mainData, 'mainData.');
  for (const [name, lines] of Object.entries(body.detailData)) {
    const fields = form.tables.get(name)?.fields ?? [];
    for (const [i, line] of lines.entries()) check(fields, line, `detailData.${name}.${i}.`);
  }
  if (Object.keys(errors).length) throw badRequest('The answer has errors', errors);
}

/** Every value's text, lower-cased, what the answers' search looks in (rich text without its tags). */
function searchText(form: ResolvedForm, main: Row, detail: Record<string, Row[]>): string {
  const parts: string[] = [];
  const add = (v: unknown) => {
    if (v === null || v === undefined || v === '') return;
    if (Array.isArray(v)) for (const x of v) add(x);
    else if (typeof v === 'object') parts.push(JSON.stringify(v));
    else parts.push(String(v).replace(/<[^>]*>/g, ' '));
  };
  for (const f of form.fields.values()) add(main[f.name]);
  for (const lines of Object.values(detail)) for (const line of lines) for (const v of Object.values(line)) add(v);
  return parts.join(' ').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 100_000);
}

/**
 * Checks an answer and stores it, in the form's tenant (the caller's statements are bound to it already):
 * the version must be the one published now; the form's rules decide what is required, hidden, locked and
 * computed (the stored values are those checkFormBody gives back, not what was sent); rich text is cleaned
 * and file keys must be the tenant's uploads. `limit` counts a public link's answers under the form's row lock.
 */
export async function submitAnswer(
  db: Db,
  input: {
    formId: number;
    tenantId: number;
    body: AnswerBody;
    viewer: FormViewer;
    submittedBy: number | null;
    at: Date;
    /** Runs on the locked form row before the answer is stored (a public link's limits). */
    check?: (row: FormRow, tx: Db) => Promise<void>;
    /** Whether the caller may fill (checked on the locked row). */
    allowed?: (row: FormRow) => void;
    /** An anonymous answer (a public link): it has no uploads, so a file or image value is refused. */
    noFiles?: boolean;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await readForm(tx, input.formId, true);
    input.allowed?.(row);
    const design = await publishedDesign(tx, row);
    await input.check?.(row, tx);
    if (input.body.version !== row.publishedVersion) throw conflict('The form was published again: reload it');
    const form = resolveForm(design);
    if (input.noFiles) refuseFiles(form, input.body);
    const checked = checkFormBody(form, input.body, input.viewer, { validate: 'form' });
    if (!checked.ok) throw badRequest('The answer has errors', checked.fieldErrors);
    const errors: Record<string, string> = {};
    const mainData = cleanLine([...form.fields.values()], checked.mainData, 'mainData.', errors);
    const detailData: Record<string, Row[]> = {};
    for (const [name, lines] of Object.entries(checked.detailData)) {
      const fields = form.tables.get(name)?.fields ?? [];
      detailData[name] = lines.map((line, i) => cleanLine(fields, line, `detailData.${name}.${i}.`, errors));
    }
    if (Object.keys(errors).length) throw badRequest('The answer has errors', errors);
    await checkAnswerFiles(tx, input.tenantId, form, mainData, detailData);
    const [stored] = await tx
      .insert(formSubmissions)
      .values({
        tenantId: input.tenantId,
        formId: row.id,
        formVersion: row.publishedVersion ?? 0,
        mainData,
        detailData,
        submittedBy: input.submittedBy,
        submittedAt: input.at,
        search: searchText(form, mainData, detailData),
      })
      .returning({ id: formSubmissions.id });
    if (!stored) throw new Error('no submission row');
    return stored.id;
  });
}
