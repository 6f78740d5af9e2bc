import { DeleteOutlined } from '@ant-design/icons';
import type { FieldMeta, FormAction } from '@trestle/shared';
import { Button, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Prop } from './inputs.tsx';
import type { Targets } from './rule-targets.ts';

const actionKinds = ['show', 'hide', 'require', 'disable', 'setValue', 'options', 'compute'] as const;
type Scalar = string | number | boolean | null;

export const rowStyle = {
  width: '100%',
  margin: 0,
  minWidth: 0,
  padding: 6,
  border: '1px solid rgba(0,0,0,0.08)',
  borderRadius: 6,
} as const;

/** A value suited to the field: a switch for yes/no, a choice, a number, or text. */
export function ValueInput({
  field,
  choices,
  value,
  onChange,
}: {
  field: FieldMeta | undefined;
  choices: { value: string; label: string }[] | undefined;
  value: Scalar;
  onChange(value: Scalar, key?: string): void;
}) {
  const { t } = useTranslation();
  const label = t('formDesign.rules.value');
  if (field?.type === 'boolean')
    return <Switch aria-label={label} checked={value === true} onChange={(v) => onChange(v)} />;
  if (choices && field?.type !== 'dictMulti')
    return (
      <Select
        aria-label={label}
        style={{ minWidth: 160 }}
        value={typeof value === 'string' ? value : undefined}
        options={choices}
        onChange={(v: string) => onChange(v)}
      />
    );
  if (field?.type === 'integer' || field?.type === 'decimal')
    return (
      <InputNumber
        aria-label={label}
        value={typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : null}
        precision={field.type === 'integer' ? 0 : undefined}
        onChange={(v) => onChange(typeof v === 'number' ? v : null, 'value')}
      />
    );
  return (
    <Input
      aria-label={label}
      style={{ width: 200 }}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value, 'value')}
    />
  );
}

export function ActionRow({
  n,
  action: a,
  errors,
  targets,
  onChange,
  onRemove,
}: {
  n: number;
  action: FormAction;
  errors: Record<string, string>;
  targets: Targets;
  onChange(a: FormAction, key?: string): void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const field = targets.fields.find((f) => f.name === a.target);
  const fieldOnly = a.action === 'setValue' || a.action === 'options' || a.action === 'compute';
  const remake = (kind: FormAction['action']): FormAction => {
    if (kind === 'setValue') return { action: kind, target: a.target, value: null };
    if (kind === 'options') return { action: kind, target: a.target, options: [] };
    if (kind === 'compute') return { action: kind, target: a.target, expression: '0' };
    return { action: kind, target: a.target };
  };
  return (
    <fieldset aria-label={t('formDesign.rules.action', { n })} style={rowStyle}>
      <Space wrap align="start">
        <Prop label={t('formDesign.rules.actionKind')}>
          <Select
            aria-label={t('formDesign.rules.actionKind')}
            value={a.action}
            style={{ width: 150 }}
            options={actionKinds.map((k) => ({ value: k, label: t(`formDesign.action.${k}`) }))}
            onChange={(k) => onChange(remake(k))}
          />
        </Prop>
        <Prop label={t('formDesign.rules.target')} error={errors.target}>
          <Select
            aria-label={t('formDesign.rules.target')}
            value={a.target || undefined}
            style={{ width: 240 }}
            showSearch
            optionFilterProp="label"
            options={targets.targetOptions(fieldOnly ? 'field' : 'any')}
            onChange={(target: string) => onChange({ ...a, target })}
          />
        </Prop>
        {a.action === 'setValue' && (
          <Prop label={t('formDesign.rules.value')} error={errors.value}>
            <ValueInput
              field={field}
              choices={targets.choicesOf(field)}
              value={a.value}
              onChange={(value, key) => onChange({ ...a, value }, key)}
            />
          </Prop>
        )}
        {a.action === 'options' && (
          <Prop label={t('formDesign.rules.options')} error={errors.options}>
            <Select
              aria-label={t('formDesign.rules.options')}
              mode="tags"
              style={{ minWidth: 220 }}
              value={a.options}
              options={targets.choicesOf(field)}
              onChange={(options: string[]) => onChange({ ...a, options })}
            />
          </Prop>
        )}
        {a.action === 'compute' && (
          <Prop label={t('formDesign.rules.expression')} error={errors.expression}>
            <Input
              aria-label={t('formDesign.rules.expression')}
              style={{ width: 320 }}
              value={a.expression}
              onChange={(e) => onChange({ ...a, expression: e.target.value }, 'expression')}
            />
          </Prop>
        )}
        {onRemove && (
          <Button
            danger
            icon={<DeleteOutlined />}
            aria-label={t('formDesign.rules.removeAction', { n })}
            onClick={onRemove}
            style={{ marginTop: 30 }}
          />
        )}
      </Space>
    </fieldset>
  );
}
