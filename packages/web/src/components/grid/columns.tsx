import { type EntityMeta, type FieldMeta, fileKeysOf, groupDigits } from '@trestle/shared';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { FileThumbnail } from '../form/FileField.tsx';
import { labelOf } from '../form/layout.ts';
import { ApprovalTag } from './ApprovalHistory.tsx';
import { type Dictionary, dictLabel } from './dictionaries.ts';

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

/** How a cell shows its value: codes as labels, references by their label, booleans as Yes/No. */
export function cellText(
  field: FieldMeta,
  row: Row,
  ctx: Pick<Context, 't' | 'dictionaries' | 'remoteLabels'>,
): string {
  const value = row[field.name];
  if (value === null || value === undefined) return '';
  const label = (code: unknown) => {
    const dict = field.dictionary ? ctx.dictionaries.get(field.dictionary) : undefined;
    const remote = field.dictionary ? ctx.remoteLabels.get(field.dictionary)?.get(String(code)) : undefined;
    return remote ?? dictLabel(dict, code);
  };
  switch (field.type) {
    case 'dict':
      return label(value);
    case 'dictMulti':
      return (Array.isArray(value) ? value : [value]).map(label).join(', ');
    case 'reference': {
      const text = row[`${field.name}Label`];
      return typeof text === 'string' ? text : String(value);
    }
    case 'decimal':
      return groupDigits(String(value));
    case 'boolean':
      return value === true ? ctx.t('grid.yes') : ctx.t('grid.no');
    case 'json':
      return JSON.stringify(value);
    case 'file': {
      const count = fileKeysOf(value).length;
      return count > 0 ? ctx.t('upload.count', { count }) : '';
    }
    default:
      return String(value);
  }
}

const isNumeric = (f: FieldMeta) => f.type === 'decimal' || f.type === 'integer';

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

function fieldColumns(meta: EntityMeta, ctx: Context): TableColumnsType<Row> {
  return listFields(meta)
    .filter((f) => !ctx.hidden.has(f.name))
    .map((f) => ({
      key: f.name,
      dataIndex: f.name,
      title: labelOf(f, ctx.language),
      width: f.list?.width,
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
