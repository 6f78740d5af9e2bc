import type { FormLabel } from '@trestle/shared';
import { Form, Input, InputNumber, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';

/** One property: its label, its input, and the problem the checks found with it. */
export function Prop({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      validateStatus={error ? 'error' : undefined}
      help={error ?? hint}
      style={{ marginBottom: 10 }}
    >
      {children}
    </Form.Item>
  );
}

export function TextProp({
  label,
  value,
  onChange,
  error,
  hint,
  multiline,
}: {
  label: string;
  value: string | undefined;
  onChange(value: string): void;
  error?: string;
  hint?: string;
  multiline?: boolean;
}) {
  return (
    <Prop label={label} error={error} hint={hint}>
      {multiline ? (
        <Input.TextArea
          aria-label={label}
          value={value ?? ''}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <Input aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value)} />
      )}
    </Prop>
  );
}

export function NumberProp({
  label,
  value,
  onChange,
  error,
  min,
  max,
  precision = 0,
}: {
  label: string;
  value: number | undefined;
  onChange(value: number | undefined): void;
  error?: string;
  min?: number;
  max?: number;
  precision?: number;
}) {
  return (
    <Prop label={label} error={error}>
      <InputNumber
        aria-label={label}
        value={value ?? null}
        min={min}
        max={max}
        precision={precision}
        style={{ width: '100%' }}
        onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
      />
    </Prop>
  );
}

export function SwitchProp({
  label,
  value,
  onChange,
}: {
  label: string;
  value: boolean;
  onChange(value: boolean): void;
}) {
  return (
    <Prop label={label}>
      <Switch aria-label={label} checked={value} onChange={onChange} />
    </Prop>
  );
}

/** A label in both languages; an empty one is dropped when `optional` (the item then says nothing over it). */
export function LabelProps({
  en,
  zh,
  value,
  onChange,
  errors = {},
  optional,
  multiline,
}: {
  en: string;
  zh: string;
  value: FormLabel | undefined;
  onChange(value: FormLabel | undefined): void;
  errors?: Record<string, string>;
  optional?: boolean;
  multiline?: boolean;
}) {
  const set = (next: FormLabel) => onChange(optional && !next.en && !next.zh ? undefined : next);
  const current = value ?? { en: '', zh: '' };
  return (
    <>
      <TextProp
        label={en}
        value={current.en}
        error={errors.en}
        multiline={multiline}
        onChange={(v) => set({ ...current, en: v })}
      />
      <TextProp
        label={zh}
        value={current.zh}
        error={errors.zh}
        multiline={multiline}
        onChange={(v) => set({ ...current, zh: v })}
      />
    </>
  );
}

/** A yes/no switch that only tightens: on, or left to the field (for a bound form's item). */
export function TightenSwitch({
  label,
  value,
  onChange,
}: {
  label: string;
  value: boolean;
  onChange(v: true | undefined): void;
}) {
  return (
    <Prop label={label}>
      <Switch aria-label={label} checked={value} onChange={(v) => onChange(v ? true : undefined)} />
    </Prop>
  );
}

export const Hint = ({ children }: { children: string }) => (
  <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
    {children}
  </Typography.Paragraph>
);
