import { Form, type FormRule, Input } from 'antd';

type Name = 'userTrueName' | 'phone' | 'email';

type Props = {
  /** Each field's label, in the wording of the screen that shows it. */
  label(name: Name): string;
  rule(name: Name): FormRule;
};

/** A person's name, phone and email, as a user's profile holds them: only the name must be given. */
export function ContactFields({ label, rule }: Props) {
  return (
    <>
      <Form.Item label={label('userTrueName')} name="userTrueName" required rules={[rule('userTrueName')]}>
        <Input />
      </Form.Item>
      <Form.Item label={label('phone')} name="phone" rules={[rule('phone')]}>
        <Input />
      </Form.Item>
      <Form.Item label={label('email')} name="email" rules={[rule('email')]}>
        <Input />
      </Form.Item>
    </>
  );
}
