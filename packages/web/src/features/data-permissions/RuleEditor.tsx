import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CustomFilter, FilterCondition, FilterOperator, ScopeField, ScopeVariable } from '@trestle/shared';
import { Button, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../../components/form/layout.ts';
import { LabelledSelect } from './LabelledSelect.tsx';

type Props = {
  value: CustomFilter;
  fields: ScopeField[];
  /** Problems by `conditions.<i>.<field|op|value>`, from the shared check or the server. */
  errors: Record<string, string>;
  onChange(next: CustomFilter): void;
};

const LITERAL = '__value__';
const noOperand = (op: FilterOperator) => op === 'isNull' || op === 'notNull';

/** A fresh condition on a field: its first operator, and a variable when the field takes one. */
export function newCondition(field: ScopeField): FilterCondition {
  const op = field.operators[0] ?? 'eq';
  const variable = field.variables[0];
  return variable ? { field: field.name, op, variable } : { field: field.name, op, value: '' };
}

function ValueInput({
  field,
  condition,
  onChange,
}: {
  field: ScopeField;
  condition: FilterCondition;
  onChange(value: FilterCondition['value']): void;
}) {
  const { t } = useTranslation();
  const label = t('dataPermission.value');
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

/** The custom-filter editor: conditions on the entity's fields, each against a value or a variable. */
export function RuleEditor({ value, fields, errors, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const set = (i: number, next: FilterCondition) =>
    onChange({ ...value, conditions: value.conditions.map((c, j) => (j === i ? next : c)) });
  const first = fields[0];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <LabelledSelect<'all' | 'any'>
        label={t('dataPermission.match')}
        style={{ width: 160 }}
        value={value.match}
        options={[
          { value: 'all', label: t('dataPermission.match.all') },
          { value: 'any', label: t('dataPermission.match.any') },
        ]}
        onChange={(match) => onChange({ ...value, match })}
      />
      {value.conditions.map((c, i) => {
        const field = fields.find((f) => f.name === c.field);
        const problems = ['field', 'op', 'value'].flatMap((k) => errors[`conditions.${i}.${k}`] ?? []);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity besides their place
          <Space key={i} orientation="vertical" size={2} data-testid={`condition-${i}`}>
            <Space wrap>
              <Select
                aria-label={t('dataPermission.field')}
                style={{ width: 170 }}
                value={c.field}
                options={fields.map((f) => ({ value: f.name, label: labelOf(f, i18n.language) }))}
                onChange={(name: string) => {
                  const f = fields.find((x) => x.name === name);
                  if (f) set(i, newCondition(f));
                }}
              />
              <Select
                aria-label={t('dataPermission.operator')}
                style={{ width: 170 }}
                value={c.op}
                options={(field?.operators ?? []).map((op) => ({ value: op, label: t(`dataPermission.op.${op}`) }))}
                onChange={(op: FilterOperator) =>
                  set(i, noOperand(op) ? { field: c.field, op } : { field: c.field, op, value: '' })
                }
              />
              {field && !noOperand(c.op) && (
                <>
                  {c.op !== 'in' && c.op !== 'like' && field.variables.length > 0 && (
                    <Select
                      aria-label={t('dataPermission.operand')}
                      style={{ width: 210 }}
                      value={c.variable ?? LITERAL}
                      options={[
                        { value: LITERAL, label: t('dataPermission.literal') },
                        ...field.variables.map((v) => ({ value: v, label: t(`dataPermission.var.${v}`) })),
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
                aria-label={t('dataPermission.removeCondition')}
                icon={<DeleteOutlined />}
                disabled={value.conditions.length === 1}
                onClick={() => onChange({ ...value, conditions: value.conditions.filter((_, j) => j !== i) })}
              />
            </Space>
            {problems.length > 0 && <Typography.Text type="danger">{problems.join('; ')}</Typography.Text>}
          </Space>
        );
      })}
      {first && (
        <Button
          icon={<PlusOutlined />}
          disabled={value.conditions.length >= 20}
          onClick={() => onChange({ ...value, conditions: [...value.conditions, newCondition(first)] })}
        >
          {t('dataPermission.addCondition')}
        </Button>
      )}
    </Space>
  );
}
