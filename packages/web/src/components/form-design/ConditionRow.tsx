import { DeleteOutlined } from '@ant-design/icons';
import type { FormCondition } from '@trestle/shared';
import { Button, Select, Space, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { organizationTree, useOrganizations, useRoles } from './form-design-api.ts';
import { Prop } from './inputs.tsx';
import { rowStyle, ValueInput } from './RuleRows.tsx';
import type { Targets } from './rule-targets.ts';

const fieldOps = ['eq', 'ne', 'in', 'notIn', 'gt', 'ge', 'lt', 'le', 'empty', 'notEmpty', 'contains'] as const;

type Part<C extends FormCondition['subject']> = {
  condition: Extract<FormCondition, { subject: C }>;
  errors: Record<string, string>;
  onChange(c: FormCondition, key?: string): void;
};

export function ConditionRow({
  n,
  condition: c,
  errors,
  targets,
  onChange,
  onRemove,
}: {
  n: number;
  condition: FormCondition;
  errors: Record<string, string>;
  targets: Targets;
  onChange(c: FormCondition, key?: string): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset aria-label={t('formDesign.rules.condition', { n })} style={rowStyle}>
      <Space wrap align="start">
        <Prop label={t('formDesign.rules.subject')}>
          <Select
            aria-label={t('formDesign.rules.subject')}
            value={c.subject}
            style={{ width: 170 }}
            options={(['field', 'role', 'organization'] as const).map((s) => ({
              value: s,
              label: t(`formDesign.rules.subject.${s}`),
            }))}
            onChange={(s) =>
              onChange(
                s === 'field'
                  ? { subject: 'field', field: targets.firstField, op: 'eq', value: null }
                  : { subject: s, op: 'in', value: [] },
              )
            }
          />
        </Prop>
        {c.subject === 'field' ? (
          <FieldTest condition={c} errors={errors} targets={targets} onChange={onChange} />
        ) : c.subject === 'role' ? (
          <RoleTest condition={c} errors={errors} onChange={onChange} />
        ) : (
          <OrganizationTest condition={c} errors={errors} onChange={onChange} />
        )}
        <Button
          danger
          icon={<DeleteOutlined />}
          aria-label={t('formDesign.rules.removeCondition', { n })}
          onClick={onRemove}
          style={{ marginTop: 30 }}
        />
      </Space>
    </fieldset>
  );
}

/** A test of a field's value: the field, how it is compared, and with what. */
function FieldTest({ condition: c, errors, targets, onChange }: Part<'field'> & { targets: Targets }) {
  const { t } = useTranslation();
  const field = targets.fields.find((f) => f.name === c.field);
  const list = c.op === 'in' || c.op === 'notIn';
  return (
    <>
      <Prop label={t('formDesign.rules.field')} error={errors.field}>
        <Select
          aria-label={t('formDesign.rules.field')}
          value={c.field || undefined}
          style={{ width: 220 }}
          showSearch
          optionFilterProp="label"
          options={targets.fieldOptions}
          onChange={(field) => onChange({ ...c, field, value: null })}
        />
      </Prop>
      <Prop label={t('formDesign.rules.op')}>
        <Select
          aria-label={t('formDesign.rules.op')}
          value={c.op}
          style={{ width: 150 }}
          options={fieldOps.map((op) => ({ value: op, label: t(`formDesign.op.${op}`) }))}
          onChange={(op) =>
            onChange({
              ...c,
              op,
              value:
                op === 'empty' || op === 'notEmpty'
                  ? undefined
                  : op === 'in' || op === 'notIn'
                    ? []
                    : field?.type === 'boolean'
                      ? true
                      : null,
            })
          }
        />
      </Prop>
      {c.op !== 'empty' && c.op !== 'notEmpty' && (
        <Prop label={t('formDesign.rules.value')} error={errors.value}>
          {list ? (
            <Select
              aria-label={t('formDesign.rules.value')}
              mode="tags"
              style={{ minWidth: 200 }}
              value={Array.isArray(c.value) ? c.value : []}
              options={targets.choicesOf(field)}
              onChange={(value: string[]) => onChange({ ...c, value })}
            />
          ) : (
            <ValueInput
              field={field}
              choices={targets.choicesOf(field)}
              value={Array.isArray(c.value) ? null : (c.value ?? null)}
              onChange={(value, key) => onChange({ ...c, value }, key)}
            />
          )}
        </Prop>
      )}
    </>
  );
}

/** A test of the filler's roles (the roles are read only when a rule tests them). */
function RoleTest({ condition: c, errors, onChange }: Part<'role'>) {
  const { t } = useTranslation();
  const roles = useRoles();
  return (
    <Prop label={t('formDesign.rules.roles')} error={errors.value}>
      <Select
        aria-label={t('formDesign.rules.roles')}
        mode="multiple"
        style={{ minWidth: 240 }}
        value={c.value.map(String)}
        optionFilterProp="label"
        options={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        onChange={(v: string[]) => onChange({ ...c, value: v.map(Number).filter((x) => Number.isInteger(x) && x > 0) })}
      />
    </Prop>
  );
}

/** A test of the filler's organisation: organisations by name, in their tree; the rule holds their ids. */
function OrganizationTest({ condition: c, errors, onChange }: Part<'organization'>) {
  const { t } = useTranslation();
  const organizations = useOrganizations();
  return (
    <Prop label={t('formDesign.rules.organizations')} error={errors.value}>
      <TreeSelect
        aria-label={t('formDesign.rules.organizations')}
        multiple
        showSearch
        treeDefaultExpandAll
        treeNodeFilterProp="title"
        style={{ minWidth: 240 }}
        value={c.value}
        treeData={organizationTree(organizations.data ?? [])}
        onChange={(v: number[]) => onChange({ ...c, value: v.filter((x) => Number.isInteger(x) && x > 0) })}
      />
    </Prop>
  );
}
