import { type Button, type MenuInput, type MenuRow, menuInputSchema } from '@trestle/shared';
import { Checkbox, Form, type FormInstance, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { ParentField } from '../../components/tree/TreeEditor.tsx';
import { zodRule } from '../../components/zod-rules.ts';
import { IconPicker } from './IconPicker.tsx';

export type MenuFormValues = Omit<MenuInput, 'parentId'> & { parentId: number | null | undefined };

type Props = {
  form: FormInstance<MenuFormValues>;
  rows: readonly MenuRow[];
  /** The menu being edited; undefined for a new one. */
  editing: MenuRow | undefined;
  buttons: readonly Button[];
  label(row: MenuRow): string;
};

/** The selected menu's form: where it sits, its names, url, icon, visibility, order and buttons. */
export function MenuForm({ form, rows, editing, buttons, label }: Props) {
  const { t } = useTranslation();
  const translate = (msg: string) => t(`validation.${msg}`, { defaultValue: msg });
  const shape = menuInputSchema.shape;
  const builtIn = editing?.builtIn === true;
  const k = (key: string) => t(`organizations-menus.menu.${key}`);

  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} aria-label={k('form')}>
      <ParentField rows={rows} label={label} editing={editing} text={{ label: k('parent'), topLevel: k('topLevel') }} />
      <Form.Item
        name="code"
        label={k('code')}
        required
        rules={[zodRule(shape.code, translate)]}
        extra={builtIn ? k('builtInCode') : undefined}
      >
        <Input disabled={builtIn} maxLength={50} />
      </Form.Item>
      <Form.Item name="name" label={k('name')} required rules={[zodRule(shape.name, translate)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="nameZh" label={k('nameZh')} required rules={[zodRule(shape.nameZh, translate)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="url" label={k('url')} rules={[zodRule(shape.url, translate)]} extra={k('urlHint')}>
        <Input maxLength={200} placeholder="/Employee" />
      </Form.Item>
      <Form.Item name="icon" label={k('icon')} rules={[zodRule(shape.icon, translate)]}>
        <IconPicker />
      </Form.Item>
      <Form.Item name="enable" label={k('enable')}>
        <Radio.Group
          options={[
            { value: 1, label: k('enableShown') },
            { value: 2, label: k('enableHidden') },
            { value: 0, label: k('enableOff') },
          ]}
        />
      </Form.Item>
      <Form.Item name="sort" label={k('sort')}>
        <InputNumber min={0} max={999_999} precision={0} />
      </Form.Item>
      <Form.Item name="buttonIds" label={k('buttons')}>
        <Checkbox.Group options={buttons.map((b) => ({ value: b.id, label: b.name }))} />
      </Form.Item>
    </Form>
  );
}
