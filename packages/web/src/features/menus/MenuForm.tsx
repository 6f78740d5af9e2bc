import { type Button, type MenuInput, type MenuRow, menuInputSchema } from '@trestle/shared';
import { Checkbox, Form, type FormInstance, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../components/form/NameFields.tsx';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
import { ParentField } from '../../components/tree/TreeEditor.tsx';
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
  const rule = useSchemaRule(menuInputSchema.shape);
  const builtIn = editing?.builtIn === true;
  const k = (key: string) => t(`organizations-menus.menu.${key}`);

  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} aria-label={k('form')}>
      <ParentField rows={rows} label={label} editing={editing} text={{ label: k('parent'), topLevel: k('topLevel') }} />
      <Form.Item
        name="code"
        label={k('code')}
        required
        rules={[rule('code')]}
        extra={builtIn ? k('builtInCode') : undefined}
      >
        <Input disabled={builtIn} maxLength={50} />
      </Form.Item>
      <NameFields label={{ name: k('name'), nameZh: k('nameZh') }} rule={rule} maxLength={50} zhRequired={true} />
      <Form.Item name="url" label={k('url')} rules={[rule('url')]} extra={k('urlHint')}>
        <Input maxLength={200} placeholder="/Employee" />
      </Form.Item>
      <Form.Item name="icon" label={k('icon')} rules={[rule('icon')]}>
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
