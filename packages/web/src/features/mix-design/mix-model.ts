import {
  type DesignField,
  designToMeta,
  detailsOf,
  type EntityScreenMeta,
  type FormDesign,
  formDesignSchema,
  type MixDraft,
  mixDraftSchema,
  type TableDesign,
  tableDesignSchema,
} from '@trestle/shared';
import { boundStartingItems } from '../../components/form-design/design-pieces.ts';
import { type DesignForm, type FieldRow, newField, type RowType } from '../../components/table-design/design-form.ts';

/**
 * What the wizard makes of its draft: the table designs it keeps, the entity they will be (for the form
 * designer's parts and the preview, before the table exists), and the defaults that keep a small app a few
 * typings away: names from titles, labels from names, types from names, a form with a first rule.
 */

/** The wizard's app: the draft and what the list shows of it; `id` and `version` once saved. */
export type MixState = {
  id?: number;
  version?: number;
  name: string;
  title: { en: string; zh: string };
  draft: MixDraft;
  published: boolean;
};

export const newApp = (): MixState => ({
  name: '',
  title: { en: '', zh: '' },
  draft: mixDraftSchema.parse({}),
  published: false,
});

const parsed = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, value: unknown): T | null =>
  value ? (schema.safeParse(value).data ?? null) : null;
export const mainTableOf = (draft: MixDraft) => parsed<TableDesign>(tableDesignSchema, draft.table);
export const detailTableOf = (draft: MixDraft) => parsed<TableDesign>(tableDesignSchema, draft.detail);
export const formOf = (draft: MixDraft) => parsed<FormDesign>(formDesignSchema, draft.form);

/** "Vehicle booking" → "VehicleBooking": an identifier from a title (letters and digits, capitalised words). */
export function pascalName(title: string): string {
  const words = title.match(/[A-Za-z0-9]+/g) ?? [];
  const name = words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
  return /^[A-Za-z]/.test(name) ? name.slice(0, 40) : '';
}

/** "endDate" → "End date": a label from a field's name. */
export function labelOfName(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The type a field's name suggests: dates, counts, amounts and flags by their usual names; else text. */
export function typeOfName(name: string): RowType {
  if (/(^date|date$|Date$|^day$|At$)/.test(name)) return /At$/.test(name) ? 'datetime' : 'date';
  if (/(count|Count|seats|Seats|qty|Qty|quantity|Quantity|number|Number|age)$/.test(name)) return 'integer';
  if (/(amount|Amount|price|Price|cost|Cost|fee|Fee)$/.test(name)) return 'money';
  if (/^(is|has)[A-Z]/.test(name)) return 'boolean';
  if (/(email|Email)$/.test(name)) return 'email';
  return 'string';
}

/** A table's form as the wizard starts it: a few empty rows (left out when still empty). */
export function startTable(name: string, rows = 3, first: FieldRow[] = []): DesignForm {
  const fields = [...first];
  while (fields.length < first.length + rows) fields.push(newField(new Set(fields.map((f) => f.id))));
  const label = labelOfName(name);
  return {
    name,
    table: '',
    label: { en: label, zh: label },
    description: '',
    softDelete: false,
    audit: false,
    fields,
  };
}

/** The detail's link to its master: a required reference to the master's table, named after it. */
export function linkRow(master: { name: string; table: string; label: { en: string; zh: string } }, id: string) {
  const name = master.name.charAt(0).toLowerCase() + master.name.slice(1);
  return {
    id,
    name,
    label: { ...master.label },
    type: 'reference' as const,
    required: true,
    reference: { table: master.table },
  } satisfies FieldRow;
}

/** Rows nobody typed in: left out, so spare rows never stop the step. */
export const typedRows = (rows: readonly FieldRow[]) =>
  rows.filter((r) => r.name.trim() !== '' || r.label.en.trim() !== '' || r.label.zh.trim() !== '');

/** The entity the app's table will be, with its detail: what the form designer's parts read it by. */
export function appMeta(table: TableDesign, detail: TableDesign | null): EntityScreenMeta {
  const designs = detail ? [table, detail] : [table];
  return {
    ...designToMeta(table, detailsOf(table.name, designs)),
    detailMetas: detail ? [designToMeta(detail)] : [],
  };
}

const isText = (f: DesignField) => f.type === 'string' && f.kind === undefined;
/** The field that names a row on a card or a calendar: the first text field (else the first field). */
export const titleFieldOf = (t: TableDesign) => (t.fields.find(isText) ?? t.fields[0])?.name ?? '';
export const dateFieldsOf = (t: TableDesign | null) =>
  t?.fields.filter((f) => f.type === 'date' || f.type === 'datetime').map((f) => f.name) ?? [];
export const dictFieldsOf = (t: TableDesign | null) =>
  t?.fields.filter((f) => f.type === 'dict').map((f) => f.name) ?? [];

/**
 * The table's bound form as the wizard first offers it: the entity's own dialog (its fields, then the detail
 * lines), and one rule to start from — the second field required once the first is filled — so the rules
 * tab shows how one reads and the admin adjusts rather than starts.
 */
export function startingForm(title: MixState['title'], table: TableDesign, detail: TableDesign | null): FormDesign {
  const meta = appMeta(table, detail);
  const [first, second] = table.fields;
  const rules: FormDesign['rules'] =
    first && second && !second.required
      ? [
          {
            id: 'r1',
            name: `${second.label.en} with ${first.label.en}`,
            match: 'all',
            when: [{ subject: 'field', field: first.name, op: 'notEmpty' }],
            actions: [{ action: 'require', target: second.name }],
          },
        ]
      : [];
  return {
    title: { en: title.en || table.label.en, zh: title.zh || table.label.zh },
    entity: table.name,
    fields: [],
    tables: [],
    items: boundStartingItems(meta),
    rules,
  };
}

/** Whether publishing has begun: names are then the app's own, already made on the server. */
export const publishBegun = (draft: MixDraft) => {
  const p = draft.progress;
  return p.tableApplied || p.formId !== null || p.pageId !== null;
};
