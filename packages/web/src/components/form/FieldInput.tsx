import { type FieldMeta, formatLocalDateTime, langOf, ui } from '@trestle/shared';
import { Input, InputNumber, Switch } from 'antd';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRichTextEditor, LazyRichTextView } from '../rich-text/LazyRichText.tsx';
import { FileField, type UploadTarget } from './FileField.tsx';
import { labelOf } from './layout.ts';
import { DateInput, DateRangeInput, type RangeValue, TimeInput } from './pickers.tsx';
import { DelayedSelect, type Option, RemoteSelect } from './selects.tsx';

/** Where a field's choices come from: a static list, or a server search (remote dictionary, reference). */
export type FieldSource = {
  options?: Option[];
  fetchOptions?: (q: string) => Promise<Option[]>;
  initialOptions?: Option[];
  /** file, image and rich-text fields: the entity's upload endpoint and whether the user may upload. */
  upload?: UploadTarget;
  /** file and image fields: why uploads are not offered (shown under a disabled picker). */
  uploadUnavailable?: string;
};

/** A source left with the choices `allowed` (a state field's lifecycle, a rule's options); null: all of them. */
export function limitSource(source: FieldSource, allowed: readonly string[] | null): FieldSource {
  if (!allowed) return source;
  const keep = (options: Option[]) => options.filter((o) => allowed.includes(String(o.value)));
  const { fetchOptions } = source;
  return {
    ...source,
    options: source.options && keep(source.options),
    fetchOptions: fetchOptions && ((q) => fetchOptions(q).then(keep)),
  };
}

type Props = FieldSource & {
  field: FieldMeta;
  /** 'search' turns ops into their widgets: range → two dates, in → several values. */
  purpose: 'edit' | 'search';
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
  onBlur?: () => void;
  /** Told the option chosen in a single select (a reference choice carries what it fills). */
  onChoose?: (option: Option | undefined) => void;
  /** Shown while empty: "(assigned on save)" on a numbered field. */
  placeholder?: string | undefined;
};

/** A decimal stays the string the user typed (never a float), so no digit is lost on the way. */
export function DecimalInput({
  value,
  onChange,
  ...rest
}: {
  value?: string | null;
  onChange?: (v: string) => void;
  disabled?: boolean;
  id?: string;
  onBlur?: () => void;
}) {
  return (
    <Input
      {...rest}
      inputMode="decimal"
      style={{ textAlign: 'right' }}
      value={value ?? ''}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange?.(e.target.value)}
    />
  );
}

/** The input widget of one metadata field. */
export function FieldInput(props: Props) {
  const {
    field,
    purpose,
    value,
    onChange,
    disabled,
    id,
    onBlur,
    options,
    fetchOptions,
    initialOptions,
    upload,
    uploadUnavailable,
    onChoose,
    placeholder,
  } = props;
  const { t, i18n } = useTranslation();
  const op = purpose === 'search' ? field.search?.op : undefined;
  const common = { id, disabled };
  const typed = { ...common, onBlur };
  const change = (v: unknown) => onChange?.(v);

  if (field.options) {
    // The field's own closed set of codes, each offered by its label in the reader's language.
    const lang = langOf(i18n.language);
    const multiple = op === 'in';
    return (
      <DelayedSelect
        {...common}
        searchable={false}
        value={value ?? (multiple ? [] : undefined)}
        onChange={change}
        mode={multiple ? 'multiple' : undefined}
        placeholder={t('grid.choose')}
        options={field.options.map((o) => ({ value: o.value, label: o.label[lang] }))}
      />
    );
  }
  if (field.type === 'dict' || field.type === 'dictMulti' || field.type === 'reference') {
    const multiple = field.type === 'dictMulti' || op === 'in';
    const selectProps = {
      ...common,
      value: value ?? (multiple ? [] : undefined),
      onChange: (v: unknown, option?: unknown) => {
        change(v);
        // antd hands back the option object it was given: ours, with what the choice fills.
        if (!multiple && !Array.isArray(option)) onChoose?.(option as Option | undefined);
      },
      mode: multiple ? ('multiple' as const) : undefined,
      placeholder: t('grid.choose'),
    };
    return fetchOptions ? (
      <RemoteSelect {...selectProps} fetchOptions={fetchOptions} initialOptions={initialOptions} />
    ) : (
      <DelayedSelect {...selectProps} options={options ?? []} />
    );
  }
  if ((field.type === 'file' || field.type === 'image') && purpose === 'edit') {
    return (
      <FileField
        field={field}
        value={value}
        onChange={change}
        upload={upload}
        disabled={disabled}
        id={id}
        unavailable={uploadUnavailable}
      />
    );
  }
  if (field.type === 'richText' && purpose === 'edit') {
    // A contenteditable has no <label for>: the field's label names it.
    const shared = { id, value: typeof value === 'string' ? value : '', 'aria-label': labelOf(field, i18n.language) };
    return disabled || field.readOnly ? (
      <LazyRichTextView {...shared} />
    ) : (
      <LazyRichTextEditor {...shared} onChange={change} onBlur={onBlur} upload={upload} />
    );
  }
  switch (field.type) {
    case 'date':
      return op === 'range' ? (
        <DateRangeInput
          {...common}
          value={value as RangeValue}
          onChange={change}
          placeholder={[t('grid.from'), t('grid.to')]}
        />
      ) : (
        <DateInput {...common} value={value as string | null} onChange={change} />
      );
    case 'time':
      return <TimeInput {...common} value={value as string | null} onChange={change} />;
    case 'boolean':
      if (purpose === 'search') {
        return (
          <DelayedSelect
            {...common}
            searchable={false}
            value={typeof value === 'boolean' ? String(value) : undefined}
            onChange={(v: unknown) => change(v === undefined || v === null ? undefined : v === 'true')}
            placeholder={t('grid.choose')}
            options={[
              { value: 'true', label: t('grid.yes') },
              { value: 'false', label: t('grid.no') },
            ]}
          />
        );
      }
      return <Switch {...common} checked={value === true} onChange={change} />;
    case 'integer':
      return (
        <InputNumber
          {...typed}
          style={{ width: '100%' }}
          precision={0}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => change(v ?? null)}
        />
      );
    case 'datetime':
      // A moment the server set (submitted, reviewed) reads as the lists show it, in the reader's time zone.
      if (purpose === 'edit' && (disabled || field.readOnly)) {
        return <Input {...common} disabled value={formatLocalDateTime(value)} />;
      }
      return <Input {...typed} value={(value as string) ?? ''} onChange={(e) => change(e.target.value)} />;
    case 'decimal':
      return <DecimalInput {...typed} value={value as string | null} onChange={change} />;
    case 'text':
    case 'richText':
    case 'json':
      return purpose === 'search' ? (
        <Input {...typed} value={(value as string) ?? ''} onChange={(e) => change(e.target.value)} />
      ) : (
        <Input.TextArea
          {...typed}
          rows={ui.textareaRows}
          value={(value as string) ?? ''}
          onChange={(e) => change(e.target.value)}
        />
      );
    default:
      return (
        <Input
          {...typed}
          placeholder={placeholder}
          value={(value as string) ?? ''}
          onChange={(e) => change(e.target.value)}
        />
      );
  }
}
