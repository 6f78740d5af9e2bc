import { type FormField, type FormFieldType, formFieldTypes, validatorNames } from '@trestle/shared';
import { Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChoiceProps, type FieldPatch } from './FieldChoices.tsx';
import { LabelProps, NumberProp, Prop, SwitchProp, TextProp } from './inputs.tsx';

const FIELD_NAME = /^[a-z][A-Za-z0-9]{0,49}$/;

const hasLength = (t: FormFieldType) => t === 'string' || t === 'text' || t === 'richText';
const isNumber = (t: FormFieldType) => t === 'integer' || t === 'decimal';
const isChoice = (t: FormFieldType) => t === 'dict' || t === 'dictMulti';
const canCompute = (t: FormFieldType) => t === 'integer' || t === 'decimal' || t === 'string';
const hasDefault = (t: FormFieldType) => !['file', 'image', 'richText'].includes(t);

/**
 * A standalone form's own field (or a sub-table's): its name, labels, type and checks. `errors` are the
 * design's problems with this field, by property (`name`, `computed`, `label.en`).
 */
export function FieldProperties({
  field,
  onChange,
  errors,
  showLabel = true,
}: {
  field: FormField;
  /** `key` groups typing in one input into one step of undo. */
  onChange(patch: FieldPatch, key: string): void;
  errors: Record<string, string>;
  showLabel?: boolean;
}) {
  const { t } = useTranslation();
  const set = (prop: keyof FormField) => (value: unknown) => onChange({ [prop]: value }, prop);
  const nameError = FIELD_NAME.test(field.name) ? errors.name : t('formDesign.props.nameHint');
  const type = field.type;
  return (
    <>
      <TextProp label={t('formDesign.props.name')} value={field.name} error={nameError} onChange={set('name')} />
      <Prop label={t('formDesign.props.type')}>
        <Select
          aria-label={t('formDesign.props.type')}
          value={type}
          options={formFieldTypes.map((v) => ({ value: v, label: t(`formDesign.type.${v}`) }))}
          // A new type keeps only what every type has: its name, label, help and the item's place.
          onChange={(v) =>
            onChange(
              {
                type: v,
                length: undefined,
                precision: undefined,
                scale: undefined,
                min: undefined,
                max: undefined,
                pattern: undefined,
                validator: undefined,
                dictionary: undefined,
                options: undefined,
                default: undefined,
                computed: undefined,
              },
              'type',
            )
          }
        />
      </Prop>
      {showLabel && (
        <LabelProps
          en={t('formDesign.props.labelEn')}
          zh={t('formDesign.props.labelZh')}
          value={field.label}
          errors={{ en: errors['label.en'] ?? errors.label ?? '', zh: errors['label.zh'] ?? '' }}
          onChange={(v) => onChange({ label: v ?? { en: '', zh: '' } }, 'label')}
        />
      )}
      <LabelProps
        en={t('formDesign.props.helpEn')}
        zh={t('formDesign.props.helpZh')}
        value={field.help}
        optional
        onChange={(v) => onChange({ help: v }, 'help')}
      />
      <Space size={16}>
        <SwitchProp
          label={t('formDesign.props.required')}
          value={field.required === true}
          onChange={(v) => set('required')(v || undefined)}
        />
        <SwitchProp
          label={t('formDesign.props.readOnly')}
          value={field.readOnly === true}
          onChange={(v) => set('readOnly')(v || undefined)}
        />
      </Space>
      <TypeChecks field={field} errors={errors} set={set} />
      {isChoice(type) && <ChoiceProps field={field} errors={errors} onChange={onChange} />}
      {hasDefault(type) && !field.computed && (
        <DefaultProp field={field} error={errors.default} onChange={set('default')} />
      )}
      {canCompute(type) && (
        <TextProp
          label={t('formDesign.props.computed')}
          value={field.computed}
          error={errors.computed}
          hint={t('formDesign.props.computedHint')}
          onChange={(v) => set('computed')(v || undefined)}
        />
      )}
    </>
  );
}

/** The checks a type allows: a length, a range, a decimal's digits, a pattern or a named validator. */
function TypeChecks({
  field,
  errors,
  set,
}: {
  field: FormField;
  errors: Record<string, string>;
  set(prop: keyof FormField): (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const type = field.type;
  return (
    <>
      {hasLength(type) && (
        <NumberProp
          label={t('formDesign.props.length')}
          value={field.length}
          min={1}
          max={100000}
          error={errors.length}
          onChange={set('length')}
        />
      )}
      {isNumber(type) && (
        <Space>
          <NumberProp
            label={t('formDesign.props.min')}
            value={field.min}
            precision={type === 'decimal' ? 6 : 0}
            error={errors.min}
            onChange={set('min')}
          />
          <NumberProp
            label={t('formDesign.props.max')}
            value={field.max}
            precision={type === 'decimal' ? 6 : 0}
            error={errors.max}
            onChange={set('max')}
          />
        </Space>
      )}
      {type === 'decimal' && (
        <Space>
          <NumberProp
            label={t('formDesign.props.precision')}
            value={field.precision}
            min={1}
            max={38}
            error={errors.precision}
            onChange={set('precision')}
          />
          <NumberProp
            label={t('formDesign.props.scale')}
            value={field.scale}
            min={0}
            max={18}
            error={errors.scale}
            onChange={set('scale')}
          />
        </Space>
      )}
      {type === 'string' && (
        <>
          <TextProp
            label={t('formDesign.props.pattern')}
            value={field.pattern}
            error={errors.pattern}
            onChange={(v) => set('pattern')(v || undefined)}
          />
          <Prop label={t('formDesign.props.validator')} error={errors.validator}>
            <Select
              aria-label={t('formDesign.props.validator')}
              value={field.validator ?? ''}
              options={[
                { value: '', label: t('formDesign.props.validator.none') },
                ...validatorNames.map((v) => ({ value: v, label: t(`formDesign.props.validator.${v}`) })),
              ]}
              onChange={(v) => set('validator')(v || undefined)}
            />
          </Prop>
        </>
      )}
    </>
  );
}

/** A default suited to the type: yes or no, a number, one of the choices, or text. */
function DefaultProp({ field, error, onChange }: { field: FormField; error?: string; onChange(v: unknown): void }) {
  const { t } = useTranslation();
  const label = t('formDesign.props.default');
  const value = field.default;
  let input: React.ReactNode;
  if (field.type === 'boolean')
    input = (
      <Select
        aria-label={label}
        allowClear
        value={typeof value === 'boolean' ? String(value) : undefined}
        options={[
          { value: 'true', label: t('formDesign.yes') },
          { value: 'false', label: t('formDesign.no') },
        ]}
        onChange={(v?: string) => onChange(v === undefined ? undefined : v === 'true')}
      />
    );
  else if (field.type === 'integer')
    input = (
      <InputNumber
        aria-label={label}
        precision={0}
        style={{ width: '100%' }}
        value={typeof value === 'number' ? value : null}
        onChange={(v) => onChange(v ?? undefined)}
      />
    );
  else if (field.options && field.type === 'dict')
    input = (
      <Select
        aria-label={label}
        allowClear
        value={typeof value === 'string' ? value : undefined}
        options={field.options.map((o) => ({ value: o.value, label: o.label.en || o.value }))}
        onChange={(v?: string) => onChange(v)}
      />
    );
  else
    input = (
      <Input
        aria-label={label}
        value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    );
  return (
    <Prop label={label} error={error}>
      {input}
    </Prop>
  );
}
