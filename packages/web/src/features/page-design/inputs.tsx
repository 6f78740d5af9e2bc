import type { FieldMeta, PageLabel } from '@trestle/shared';
import { Form, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../components/form/FileField.tsx';
import { problemAt } from './use-page-checks.ts';

/** The designer's setting inputs: each labelled, each with the problem the checks or the server found at its path. */

export function Setting({
  label,
  path,
  problems,
  children,
}: {
  label: string;
  /** Its path in the node (`props.entity`): its problems are shown under it. */
  path: string;
  problems: Record<string, string>;
  children: ReactNode;
}) {
  const problem = problemAt(problems, path);
  return (
    <Form.Item label={label} validateStatus={problem ? 'error' : undefined} help={problem} style={{ marginBottom: 10 }}>
      {children}
    </Form.Item>
  );
}

/** A title in both languages. */
export function LabelInputs({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: PageLabel;
  onChange(value: PageLabel): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        aria-label={`${label} (${t('pageDesign.en')})`}
        placeholder="English"
        value={value.en}
        disabled={disabled}
        maxLength={100}
        onChange={(e) => onChange({ ...value, en: e.target.value })}
      />
      <Input
        aria-label={`${label} (${t('pageDesign.zh')})`}
        placeholder="中文"
        value={value.zh}
        disabled={disabled}
        maxLength={100}
        onChange={(e) => onChange({ ...value, zh: e.target.value })}
      />
    </Space.Compact>
  );
}

type Option = { value: string; label: string };

/** One field of the block's entity, or none when `allowClear`. */
export function FieldSelect({
  label,
  value,
  options,
  onChange,
  allowClear,
  disabled,
}: {
  label: string;
  value: string | null | undefined;
  options: Option[];
  onChange(value: string | null): void;
  allowClear?: boolean;
  disabled?: boolean;
}) {
  return (
    <Select
      aria-label={label}
      showSearch
      optionFilterProp="label"
      allowClear={allowClear}
      disabled={disabled}
      value={value ?? undefined}
      options={options}
      onChange={(v: string | undefined) => onChange(v ?? null)}
    />
  );
}

/** Several fields, in the order chosen. */
export function FieldsSelect({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: string[];
  options: Option[];
  onChange(value: string[]): void;
  disabled?: boolean;
}) {
  return (
    <Select
      aria-label={label}
      mode="multiple"
      optionFilterProp="label"
      disabled={disabled}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}

/**
 * An image block's picture: uploaded here (/api/pages/upload, pictures only) and kept by its file key, as image
 * fields keep theirs. No other site's address: the app's img-src is 'self'.
 */
export function PictureInput({
  value,
  onChange,
  disabled = false,
}: {
  value: string;
  onChange: (key: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const field: FieldMeta = {
    name: 'src',
    type: 'image',
    label: { en: t('pageDesign.prop.src'), zh: t('pageDesign.prop.src') },
  };
  return (
    <FileField
      field={field}
      value={value || null}
      onChange={(key) => onChange(key ?? '')}
      upload={{ url: '/api/pages/upload', canUpload: !disabled }}
      disabled={disabled}
    />
  );
}
