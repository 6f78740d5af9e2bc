import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormField } from '@trestle/shared';
import { AutoComplete, Button, Input, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDictionaryCodes } from './form-design-api.ts';
import { Prop } from './inputs.tsx';

export type FieldPatch = Partial<Record<keyof FormField, unknown>>;

/** A choice field's choices: a dictionary by its code, or options of the form's own. */
export function ChoiceProps({
  field,
  errors,
  onChange,
}: {
  field: FormField;
  errors: Record<string, string>;
  onChange(patch: FieldPatch, key: string): void;
}) {
  const { t } = useTranslation();
  const dictionaries = useDictionaryCodes();
  const set = (prop: keyof FormField) => (value: unknown) => onChange({ [prop]: value }, prop);
  const choices = field.options !== undefined ? 'options' : 'dictionary';
  return (
    <>
      <Prop label={t('formDesign.props.choices')}>
        <Radio.Group
          aria-label={t('formDesign.props.choices')}
          value={choices}
          onChange={(e) =>
            onChange(
              e.target.value === 'options'
                ? { options: [{ value: 'a', label: { en: 'A', zh: 'A' } }], dictionary: undefined }
                : { options: undefined, dictionary: '' },
              'choices',
            )
          }
          options={[
            { value: 'dictionary', label: t('formDesign.props.choices.dictionary') },
            { value: 'options', label: t('formDesign.props.choices.options') },
          ]}
        />
      </Prop>
      {choices === 'dictionary' ? (
        <Prop
          label={t('formDesign.props.dictionary')}
          error={errors.dictionary}
          hint={dictionaries.data?.length ? undefined : t('formDesign.props.noDictionaries')}
        >
          <AutoComplete
            aria-label={t('formDesign.props.dictionary')}
            value={field.dictionary ?? ''}
            options={dictionaries.data ?? []}
            filterOption={(input, option) =>
              String(option?.label ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
            onChange={(v: string) => set('dictionary')(v || undefined)}
          />
        </Prop>
      ) : (
        <OptionsEditor options={field.options ?? []} error={errors.dictionary ?? errors.options} onChange={onChange} />
      )}
    </>
  );
}

/** A choice field's own options, each a value with its two labels, edited in place. */
function OptionsEditor({
  options,
  error,
  onChange,
}: {
  options: NonNullable<FormField['options']>;
  error?: string;
  onChange(patch: FieldPatch, key: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Prop label={t('formDesign.props.options')} error={error}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {options.map((o, i) => {
          const n = i + 1;
          const put = (next: (typeof options)[number]) =>
            onChange({ options: options.map((x, j) => (j === i ? next : x)) }, `options.${i}`);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their value may be typed over.
            <Space.Compact key={i} style={{ width: '100%' }}>
              <Input
                aria-label={t('formDesign.props.optionValue', { n })}
                value={o.value}
                placeholder="value"
                onChange={(e) => put({ ...o, value: e.target.value })}
              />
              <Input
                aria-label={t('formDesign.props.optionEn', { n })}
                value={o.label.en}
                placeholder="English"
                onChange={(e) => put({ ...o, label: { ...o.label, en: e.target.value } })}
              />
              <Input
                aria-label={t('formDesign.props.optionZh', { n })}
                value={o.label.zh}
                placeholder="中文"
                onChange={(e) => put({ ...o, label: { ...o.label, zh: e.target.value } })}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('formDesign.props.removeOption', { n })}
                onClick={() => onChange({ options: options.filter((_, j) => j !== i) }, 'options-remove')}
              />
            </Space.Compact>
          );
        })}
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() =>
            onChange(
              { options: [...options, { value: `option${options.length + 1}`, label: { en: '', zh: '' } }] },
              'options-add',
            )
          }
        >
          {t('formDesign.props.addOption')}
        </Button>
      </Space>
    </Prop>
  );
}
