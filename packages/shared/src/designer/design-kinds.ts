import type { FieldMeta, FieldType } from '../entity/metadata.ts';

/**
 * What the designer offers beside the engine's types: each is an engine type with settings of its own, which
 * the definition takes from the kind (a money field is a decimal of 14 digits with 2 after the point, an email
 * is checked as one, a user field references the tenant's users), so that the kind says it once.
 */
export const designKinds = [
  'money',
  'email',
  'phone',
  'url',
  'multiLine',
  'autoNumber',
  'attachment',
  'user',
  'organization',
] as const;
export type DesignKind = (typeof designKinds)[number];

export const kindType: Record<DesignKind, FieldType> = {
  money: 'decimal',
  email: 'string',
  phone: 'string',
  url: 'string',
  multiLine: 'text',
  autoNumber: 'string',
  attachment: 'file',
  user: 'reference',
  organization: 'reference',
};

type SearchOp = NonNullable<NonNullable<FieldMeta['search']>['op']>;
/**
 * The comparisons a search form offers for a type, the default first: text contains, numbers and dates equal
 * or fall in a range, a dictionary choice equals or is one of several. Types that can't be searched: none.
 */
export function searchOps(type: FieldMeta['type']): readonly SearchOp[] {
  switch (type) {
    case 'string':
    case 'text':
    case 'richText':
      return ['like', 'eq'];
    case 'integer':
    case 'decimal':
    case 'date':
    case 'datetime':
    case 'time':
      return ['eq', 'range'];
    case 'dict':
      return ['eq', 'in'];
    case 'dictMulti':
      return ['in'];
    case 'reference':
    case 'boolean':
      return ['eq'];
    default:
      return [];
  }
}
