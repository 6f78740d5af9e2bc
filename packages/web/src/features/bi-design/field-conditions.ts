import { type BiValueType, type DatasetField, type FieldType, operatorsFor, variablesFor } from '@trestle/shared';
import type { ConditionField } from '../../components/filter-conditions/ConditionList.tsx';

/** The entity field type whose operators and variables a dataset field of this value type takes. */
const asFieldType: Record<BiValueType, FieldType> = {
  number: 'decimal',
  string: 'string',
  date: 'date',
  datetime: 'datetime',
  boolean: 'boolean',
};

/** A dataset field as the condition editor offers it: the data-permission operators for its type. */
export function conditionField(f: DatasetField): ConditionField {
  const type = asFieldType[f.type];
  return { name: f.name, label: f.label, type, operators: operatorsFor(type), variables: variablesFor(type) };
}

export const conditionFields = (fields: readonly DatasetField[]): ConditionField[] => fields.map(conditionField);
