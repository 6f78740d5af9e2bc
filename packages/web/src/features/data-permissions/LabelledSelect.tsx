import { Select, type SelectProps, Space, Typography } from 'antd';

/** A select with its label written before it; the same label names it for assistive technology. */
export function LabelledSelect<V>({ label, ...select }: SelectProps<V> & { label: string }) {
  return (
    <Space>
      <Typography.Text>{label}</Typography.Text>
      <Select<V> aria-label={label} {...select} />
    </Space>
  );
}
