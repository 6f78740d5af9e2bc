import type { EntityScreenMeta, FormDesign, FormItem, Lang } from '@trestle/shared';
import type { TFunction } from 'i18next';

/** What an item is called on the canvas: its label in the reader's language, else its name. */
export function itemTitle(
  design: FormDesign,
  entity: EntityScreenMeta | undefined,
  item: FormItem,
  lang: Lang,
): string {
  const pick = (l: { en: string; zh: string } | undefined) => (l ? l[lang] || l.en : '');
  switch (item.kind) {
    case 'field': {
      const own = design.fields.find((f) => f.name === item.name) ?? entity?.fields.find((f) => f.name === item.name);
      return pick(item.label) || pick(own?.label) || item.name;
    }
    case 'table': {
      const own =
        design.tables.find((t) => t.name === item.name) ?? entity?.detailMetas.find((m) => m.name === item.name);
      return pick(own?.label) || item.name;
    }
    case 'section':
      return pick(item.title) || item.id;
    case 'divider':
      return pick(item.title);
    case 'text':
      return pick(item.text);
    default:
      return '';
  }
}

/** The accessible name of a canvas item: its kind and title ("Field: Site name"). */
export function itemName(t: TFunction, title: string, item: FormItem): string {
  switch (item.kind) {
    case 'field':
      return t('formDesign.item.field', { name: title });
    case 'table':
      return t('formDesign.item.table', { name: title });
    case 'section':
      return t('formDesign.item.section', { name: title });
    case 'tabs':
      return t('formDesign.item.tabs');
    case 'columns':
      return t('formDesign.item.columns');
    case 'divider':
      return title ? `${t('formDesign.item.divider')}: ${title}` : t('formDesign.item.divider');
    case 'text':
      return t('formDesign.item.text');
  }
}

/** How many of the 24 columns an item takes on the canvas. */
export const spanOf = (item: FormItem): number =>
  item.kind === 'field' ? (item.span ?? 12) : item.kind === 'table' || item.kind === 'text' ? (item.span ?? 24) : 24;
