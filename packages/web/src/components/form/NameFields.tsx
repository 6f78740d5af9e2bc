import { Form, type FormRule, Input } from 'antd';

type Name = 'name' | 'nameZh';

type Props = {
  /** The two fields' labels. */
  label: Record<Name, string>;
  rule(name: Name): FormRule;
  maxLength: number;
  /** Whether the Chinese name must be given too; an entry without one shows its English name. */
  zhRequired: boolean;
};

/** An entry's name in English and in Chinese: the reader sees the one of the UI's language. */
export function NameFields({ label, rule, maxLength, zhRequired }: Props) {
  return (
    <>
      <Form.Item name="name" label={label.name} required rules={[rule('name')]}>
        <Input maxLength={maxLength} />
      </Form.Item>
      <Form.Item name="nameZh" label={label.nameZh} required={zhRequired} rules={[rule('nameZh')]}>
        <Input maxLength={maxLength} />
      </Form.Item>
    </>
  );
}
