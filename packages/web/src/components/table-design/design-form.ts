import {
  type DesignField,
  type DesignKind,
  designKinds,
  type FieldType,
  kindType,
  type ReferenceTarget,
  searchOps,
  suggestTableName,
  type TableDesign,
} from '@trestle/shared';

/**
 * The editor's form and the design it stands for. The form holds each field as the design has it (what
 * the editor has no input for, a precision or a default set through the API, rides along), and
 * `toDesign` writes back only what the inputs mean for the field's type, leaving out what nobody set, so
 * that saving an applied design unchanged does not make it "changed since apply". The layout of the screen's
 * forms is the designer's: it follows the order of the list.
 */

/**
 * What the type list offers: the engine's types and the designer's kinds (money, email …), one list. A row
 * holds the kind in `type` while it is edited; the design has the kind's type and the kind.
 */
export type RowType = FieldType | DesignKind;
export const isKind = (type: RowType): type is DesignKind => (designKinds as readonly string[]).includes(type);

/** A field row as the inputs leave it: a cleared number is null, a reference may be half chosen. */
export type FieldRow = Omit<
  DesignField,
  'length' | 'reference' | 'type' | 'kind' | 'min' | 'max' | 'pattern' | 'summary' | 'list'
> & {
  type: RowType;
  length?: number | null;
  min?: number | null;
  max?: number | null;
  pattern?: string | null;
  summary?: DesignField['summary'] | null;
  list?: { width?: number | null; hidden?: boolean };
  reference?: Partial<NonNullable<DesignField['reference']>>;
};
export type DesignForm = Omit<TableDesign, 'fields' | 'folder' | 'master' | 'scope' | 'indexes'> & {
  folder?: number | null;
  master?: TableDesign['master'];
  scope?: TableDesign['scope'];
  indexes?: { id: string; fields?: string[]; unique?: boolean }[];
  fields: FieldRow[];
};

/** The built-in tables a designed field most often points at, each labelled by its name and searched by its code. */
export const referenceTargets: readonly ReferenceTarget[] = [
  { table: 'employees', labelColumn: 'name', codeColumn: 'code' },
  { table: 'customers', labelColumn: 'name', codeColumn: 'code' },
  { table: 'suppliers', labelColumn: 'name', codeColumn: 'code' },
  { table: 'projects', labelColumn: 'name', codeColumn: 'code' },
];

/** The types with an input of their own beside the type: a string's length, a reference's table, a dictionary. */
export const hasLength = (type: RowType) => type === 'string';
export const isReference = (type: RowType) => type === 'reference';
export const isDictionary = (type: RowType) => type === 'dict' || type === 'dictMulti';
export const hasPattern = (type: RowType) => type === 'autoNumber';
export const isNumeric = (type: RowType) => type === 'integer' || type === 'decimal' || type === 'money';

/** A field id no other row has: `f` and ten hex digits (the schema allows letters, digits, _ and -). */
export function newFieldId(taken: ReadonlySet<string>): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(5));
    const id = `f${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
    if (!taken.has(id)) return id;
  }
}

export const newField = (taken: ReadonlySet<string>): FieldRow => ({
  id: newFieldId(taken),
  name: '',
  label: { en: '', zh: '' },
  type: 'string',
});

export const emptyDesign = (): DesignForm => ({
  name: '',
  table: '',
  label: { en: '', zh: '' },
  folder: null,
  description: '',
  softDelete: false,
  audit: false,
  master: null,
  scope: {},
  indexes: [],
  fields: [newField(new Set())],
});

/** The form a loaded design fills: each field's kind shown as its type. */
export function fromDesign(design: TableDesign): DesignForm {
  return { ...design, fields: design.fields.map(({ kind, ...f }) => ({ ...f, type: kind ?? f.type })) };
}

/** The table a new design's name suggests (the shared rule the server's bringing-in uses too). */
export const suggestedTable = suggestTableName;

/** A flag as ticked; unticked, left out unless the field said so already. */
function flag(on: boolean | undefined, before: boolean | undefined): { value?: boolean } {
  if (on) return { value: true };
  return before === undefined ? {} : { value: false };
}

function toField(row: FieldRow, before: DesignField | undefined, targets: readonly ReferenceTarget[]): DesignField {
  const {
    length,
    reference,
    dictionary,
    required,
    unique,
    sortable,
    autoNumber,
    type: shown,
    min,
    max,
    pattern,
    summary,
    list,
    readOnly,
    help,
    ...rest
  } = row;
  const kind = isKind(shown) ? shown : undefined;
  const type = kind ? kindType[kind] : (shown as FieldType);
  const field: DesignField = {
    ...rest,
    type,
    ...(kind ? { kind } : {}),
    name: row.name.trim(),
    label: { en: row.label.en.trim(), zh: row.label.zh.trim() },
  };
  const sameType = before?.type === type && before?.kind === kind;
  if (hasPattern(shown) && autoNumber?.pattern?.trim()) field.autoNumber = { pattern: autoNumber.pattern.trim() };
  // The folded settings: a number's range and summary, a text's pattern, the list's width; what is cleared
  // (null, empty) is left out, and what a type has no input for goes with the type.
  if (isNumeric(shown)) {
    if (typeof min === 'number') field.min = min;
    if (typeof max === 'number') field.max = max;
    if (summary) field.summary = summary;
  }
  if (shown === 'string' && typeof pattern === 'string' && pattern.trim()) field.pattern = pattern.trim();
  const listPart = {
    ...(typeof list?.width === 'number' ? { width: list.width } : {}),
    ...(list?.hidden !== undefined ? { hidden: list.hidden } : {}),
  };
  if (Object.keys(listPart).length > 0) field.list = listPart;
  const { value: ro } = flag(readOnly, before?.readOnly);
  if (ro !== undefined) field.readOnly = ro;
  // Searchable: a place the forms' layout sets, with the comparison chosen, if it is one the type has.
  const op = row.search?.op;
  if (row.search) field.search = { row: 1, col: 1, ...(op && searchOps(type).includes(op) ? { op } : {}) };
  else delete field.search;
  // Whole row: the only place setting the forms keep; the layout sets the rest from the order.
  if (row.edit?.span === 24) field.edit = { row: 1, col: 1, span: 24 };
  else delete field.edit;
  const helpEn = help?.en?.trim() ?? '';
  const helpZh = help?.zh?.trim() ?? '';
  if (helpEn || helpZh) field.help = { en: helpEn, zh: helpZh };
  if (hasLength(shown) && typeof length === 'number') field.length = length;
  else if (!hasLength(shown) && sameType && before?.length !== undefined) field.length = before.length;
  if (isDictionary(shown) && dictionary?.trim()) field.dictionary = dictionary.trim();
  if (isReference(shown) && reference?.table) {
    const table = reference.table.trim();
    const known = targets.find((r) => r.table === table);
    field.reference =
      before?.reference?.table === table ? before.reference : known ? { ...known } : { table, labelColumn: 'name' };
  }
  for (const [key, on] of [
    ['required', required],
    ['unique', unique],
    ['sortable', sortable],
  ] as const) {
    const { value } = flag(on, before?.[key]);
    if (value !== undefined) field[key] = value;
  }
  return field;
}

/** Fields per row of the add and edit dialog, and of the search form. */
const EDIT_COLUMNS = 2;
const SEARCH_COLUMNS = 3;

/**
 * The screen's forms follow the list's order: every field in the add and edit dialog, two to a row, and the
 * searchable ones in the search form, three to a row (the engine shows an unplaced field nowhere but a
 * required one). The places are written from the order every time, so moving a row moves its input.
 */
function placeForms(fields: DesignField[]): DesignField[] {
  let searched = 0;
  let row = 1;
  let col = 1;
  return fields.map((f) => {
    let edit: NonNullable<DesignField['edit']>;
    if (f.edit?.span === 24) {
      // A whole row of its own: after the row being filled, if any.
      if (col > 1) row++;
      edit = { row, col: 1, span: 24 };
      row++;
      col = 1;
    } else {
      edit = { row, col };
      if (++col > EDIT_COLUMNS) {
        row++;
        col = 1;
      }
    }
    if (!f.search) return { ...f, edit };
    const k = searched++;
    const search = { ...f.search, row: Math.floor(k / SEARCH_COLUMNS) + 1, col: (k % SEARCH_COLUMNS) + 1 };
    return { ...f, edit, search };
  });
}

function singularOf(given: { en?: string; zh?: string } | undefined): TableDesign['singular'] {
  const en = (given?.en ?? '').trim();
  const zh = (given?.zh ?? '').trim();
  return en || zh ? { en, zh } : undefined;
}

/**
 * The design the form says, fields matched to the ones before by their stable id; a reference to a table of
 * `targets` (the built-in ones and the designed) takes its label and code columns.
 */
export function toDesign(
  form: DesignForm,
  before: TableDesign | null,
  targets: readonly ReferenceTarget[] = referenceTargets,
): TableDesign {
  const beforeById = new Map((before?.fields ?? []).map((f) => [f.id, f]));
  return {
    ...form,
    name: form.name.trim(),
    table: form.table.trim(),
    label: { en: form.label.en.trim(), zh: form.label.zh.trim() },
    // One record's name: left out when neither language has it (the dialogs then name the list).
    singular: singularOf(form.singular),
    folder: form.folder ?? null,
    description: (form.description ?? '').trim(),
    softDelete: form.softDelete === true,
    audit: form.audit === true,
    master: form.master?.entity ? { entity: form.master.entity, field: form.master.field } : null,
    scope: Object.fromEntries(Object.entries(form.scope ?? {}).filter(([, v]) => typeof v === 'string' && v)),
    indexes: (form.indexes ?? []).map((ix) => ({ id: ix.id, fields: ix.fields ?? [], unique: ix.unique === true })),
    fields: placeForms(form.fields.map((row) => toField(row, beforeById.get(row.id), targets))),
    // A brought-in table's rows are copied into the fields still there.
    source: form.source
      ? {
          ...form.source,
          columns: Object.fromEntries(
            Object.entries(form.source.columns).filter(([fieldId]) => form.fields.some((f) => f.id === fieldId)),
          ),
        }
      : undefined,
  };
}
