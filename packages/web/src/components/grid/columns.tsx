import { type EntityMeta, type FieldMeta, fileKeysOf, formatField, langOf, localTimeZone } from '@trestle/shared';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { FileThumbnail } from '../form/FileField.tsx';
import { labelOf } from '../form/layout.ts';
import { richTextExcerpt } from '../rich-text/excerpt.ts';
import { ApprovalTag } from './ApprovalHistory.tsx';
import { type Dictionary, itemLabel } from './dictionaries.ts';

export type Row = Record<string, unknown>;

/** The list fields a user may show: the ones the metadata does not hide. */
export const listFields = (meta: EntityMeta): FieldMeta[] => meta.fields.filter((f) => !f.list?.hidden);

type Context = {
  language: string;
  t: TFunction;
  dictionaries: Map<string, Dictionary>;
  /** Labels of remote dictionaries' codes on the page, per dictionary code. */
  remoteLabels: Map<string, Map<string, string>>;
  sort?: string;
  order: 'asc' | 'desc';
  /** Field names the user switched off in the column chooser. */
  hidden: ReadonlySet<string>;
};

/** How a cell shows its value: the shared formatting rule, with this screen's dictionaries and words. */
export function cellText(
  field: FieldMeta,
  row: Row,
  ctx: Pick<Context, 'language' | 't' | 'dictionaries' | 'remoteLabels'>,
): string {
  // Rich text is stored HTML: a cell shows its words, never its markup.
  const value = row[field.name];
  if (field.type === 'richText') return typeof value === 'string' ? richTextExcerpt(value) : '';
  return formatField(field, row, {
    lang: langOf(ctx.language),
    timeZone: localTimeZone(),
    dictLabel: (code, value) => ctx.remoteLabels.get(code)?.get(value) ?? itemLabel(ctx.dictionaries.get(code), value),
    yes: ctx.t('grid.yes'),
    no: ctx.t('grid.no'),
    fileCount: (count) => ctx.t('upload.count', { count }),
  });
}

const isNumeric = (f: FieldMeta) => f.type === 'decimal' || f.type === 'integer';

/** Room for a whole date or date and time (what the shared rule prints), whatever width the metadata asks. */
const minWidth: Partial<Record<FieldMeta['type'], number>> = { date: 110, datetime: 170 };
const widthOf = (f: FieldMeta) => {
  const least = minWidth[f.type];
  return least && f.list?.width ? Math.max(least, f.list.width) : f.list?.width;
};

export function buildColumns(meta: EntityMeta, ctx: Context): TableColumnsType<Row> {
  // A document with an approval shows where it stands, after its own columns.
  const approval = meta.audit
    ? [
        {
          key: 'auditStatus',
          dataIndex: 'auditStatus',
          title: ctx.t('grid.approval'),
          width: 110,
          render: (status: unknown) => <ApprovalTag status={status} />,
        },
      ]
    : [];
  return [...fieldColumns(meta, ctx), ...approval];
}

/**
 * The columns that say which row it is, kept in view while the others scroll sideways: the business key
 * (the first unique text field: a code or number) and a name beside it; without a key, the first column.
 * Read from the metadata, so a designed entity gets them too.
 */
export function keyColumnNames(fields: readonly FieldMeta[]): string[] {
  const at = fields.findIndex((f) => f.unique && f.type === 'string');
  const key = fields[Math.max(at, 0)];
  if (!key) return [];
  if (at < 0) return [key.name];
  const next = fields[at + 1];
  return next?.type === 'string' && /(^n|N)ame$/.test(next.name) ? [key.name, next.name] : [key.name];
}

function fieldColumns(meta: EntityMeta, ctx: Context): TableColumnsType<Row> {
  const shown = listFields(meta).filter((f) => !ctx.hidden.has(f.name));
  const keys = keyColumnNames(shown);
  // Fixed columns must lead the row: the key columns move to the front, the rest keep their order.
  const ordered = [...shown.filter((f) => keys.includes(f.name)), ...shown.filter((f) => !keys.includes(f.name))];
  return ordered.map((f) => ({
    key: f.name,
    fixed: keys.includes(f.name) ? ('left' as const) : undefined,
    dataIndex: f.name,
    title: labelOf(f, ctx.language),
    width: widthOf(f),
    ellipsis: true,
    align: isNumeric(f) ? ('right' as const) : undefined,
    sorter: f.sortable ? true : undefined,
    sortOrder: f.sortable && ctx.sort === f.name ? (ctx.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (_: unknown, row: Row) => {
      if (f.type !== 'image') return cellText(f, row, ctx);
      // Lazy: a thumbnail is fetched only once its row scrolls into view.
      const [key] = fileKeysOf(row[f.name]);
      return key ? <FileThumbnail key={key} fileKey={key} size={28} lazy /> : null;
    },
  }));
}
