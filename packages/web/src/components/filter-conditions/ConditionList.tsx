import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FilterCondition, FilterOperator, ScopeField, ScopeVariable } from '@trestle/shared';
import { Button, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../form/layout.ts';

/** A field conditions may name: its type, and the operators and variables it may be compared with. */
export type ConditionField = Pick<ScopeField, 'name' | 'label' | 'type' | 'operators' | 'variables'>;

type Props = {
  conditions: FilterCondition[];
  fields: ConditionField[];
  /** Problems by `<errorPrefix>.<i>.<field|op|value>`, from the shared check or the server. */
  errors: Record<string, string>;
  errorPrefix?: string;
  /** The fewest conditions the list may keep: a lone one cannot be removed when it is 1. */
  minimum?: number;
  onChange(next: FilterCondition[]): void;
};

const LITERAL = '__value__';
const MAX_CONDITIONS = 20;
const noOperand = (op: FilterOperator) => op === 'isNull' || op === 'notNull';

/** A fresh condition on a field: its first operator, and a variable when the field takes one. */
export function newCondition(field: ConditionField): FilterCondition {
  const op = field.operators[0] ?? 'eq';
  const variable = field.variables[0];
  return variable ? { field: field.name, op, variable } : { field: field.name, op, value: '' };
}

function ValueInput({
  field,
  condition,
  onChange,
}: {
  field: ConditionField;
  condition: FilterCondition;
  onChange(value: FilterCondition['value']): void;
}) {
  const { t } = useTranslation();
  const label = t('filterConditions.value');
  const whole = field.type === 'integer' || field.type === 'reference';
  if (condition.op === 'in') {
    const list = Array.isArray(condition.value) ? condition.value.map(String) : [];
    return (
      <Select
        aria-label={label}
        mode="tags"
        style={{ minWidth: 200 }}
        value={list}
        open={false}
        onChange={(v: string[]) => onChange(whole ? v.map(Number).filter(Number.isInteger) : v)}
      />
    );
  }
  if (whole)
    return (
      <InputNumber
        aria-label={label}
        precision={0}
        value={typeof condition.value === 'number' ? condition.value : null}
        onChange={(v) => onChange(v ?? undefined)}
      />
    );
  if (field.type === 'boolean')
    return (
      <Select
        aria-label={label}
        style={{ width: 120 }}
        value={typeof condition.value === 'boolean' ? String(condition.value) : undefined}
        options={[
          { value: 'true', label: 'true' },
          { value: 'false', label: 'false' },
        ]}
        onChange={(v: string) => onChange(v === 'true')}
      />
    );
  return (
    <Input
      aria-label={label}
      style={{ width: 200 }}
      placeholder={field.type === 'date' ? 'YYYY-MM-DD' : undefined}
      value={typeof condition.value === 'string' ? condition.value : ''}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * Conditions on fields, each against a value or a variable: a data-permission rule's custom filter, a BI
 * dataset's or chart's filters. The same operators and variables as the shared checks allow.
 */
export function ConditionList({
  conditions,
  fields,
  errors,
  errorPrefix = 'conditions',
  minimum = 0,
  onChange,
}: Props) {
  const { t, i18n } = useTranslation();
  const set = (i: number, next: FilterCondition) => onChange(conditions.map((c, j) => (j === i ? next : c)));
  const first = fields[0];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {conditions.map((c, i) => {
        const field = fields.find((f) => f.name === c.field);
        const problems = ['field', 'op', 'value'].flatMap((k) => errors[`${errorPrefix}.${i}.${k}`] ?? []);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity besides their place
          <Space key={i} orientation="vertical" size={2} data-testid={`condition-${i}`}>
            <Space wrap>
              <Select
                aria-label={t('filterConditions.field')}
                style={{ width: 170 }}
                value={c.field}
                options={fields.map((f) => ({ value: f.name, label: labelOf(f, i18n.language) }))}
                onChange={(name: string) => {
                  const f = fields.find((x) => x.name === name);
                  if (f) set(i, newCondition(f));
                }}
              />
              <Select
                aria-label={t('filterConditions.operator')}
                style={{ width: 170 }}
                value={c.op}
                options={(field?.operators ?? []).map((op) => ({ value: op, label: t(`filterConditions.op.${op}`) }))}
                onChange={(op: FilterOperator) =>
                  set(i, noOperand(op) ? { field: c.field, op } : { field: c.field, op, value: '' })
                }
              />
              {field && !noOperand(c.op) && (
                <>
                  {c.op !== 'in' && c.op !== 'like' && field.variables.length > 0 && (
                    <Select
                      aria-label={t('filterConditions.operand')}
                      style={{ width: 210 }}
                      value={c.variable ?? LITERAL}
                      options={[
                        { value: LITERAL, label: t('filterConditions.literal') },
                        ...field.variables.map((v) => ({ value: v, label: t(`filterConditions.var.${v}`) })),
                      ]}
                      onChange={(v: string) =>
                        set(
                          i,
                          v === LITERAL
                            ? { field: c.field, op: c.op, value: '' }
                            : { field: c.field, op: c.op, variable: v as ScopeVariable },
                        )
                      }
                    />
                  )}
                  {!c.variable && (
                    <ValueInput
                      field={field}
                      condition={c}
                      onChange={(v) => set(i, { field: c.field, op: c.op, value: v })}
                    />
                  )}
                </>
              )}
              <Button
                aria-label={t('filterConditions.remove')}
                icon={<DeleteOutlined />}
                disabled={conditions.length <= minimum}
                onClick={() => onChange(conditions.filter((_, j) => j !== i))}
              />
            </Space>
            {problems.length > 0 && <Typography.Text type="danger">{problems.join('; ')}</Typography.Text>}
          </Space>
        );
      })}
      {first && (
        <Button
          icon={<PlusOutlined />}
          disabled={conditions.length >= MAX_CONDITIONS}
          onClick={() => onChange([...conditions, newCondition(first)])}
        >
          {t('filterConditions.add')}
        </Button>
      )}
    </Space>
  );
}
