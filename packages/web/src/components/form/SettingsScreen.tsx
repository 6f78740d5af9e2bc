import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsScope } from '@trestle/shared';
import { App, Form, type FormInstance, type FormRule, InputNumber, Space } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionToolbar } from '../ActionToolbar.tsx';
import { useMenuGrants } from '../menu-grants.ts';
import { siteKeys } from '../site-appearance.tsx';
import { showSaveError } from './save-error.ts';

type Options<T extends object, V extends Partial<T> & { scope: SettingsScope }> = {
  queryKey: QueryKey;
  load(): Promise<V>;
  /** Stores the form's values; resolves to what is stored now. */
  store(values: T, scope: SettingsScope | undefined): Promise<V>;
  /** The form fields a server field error may name. */
  fieldNames: readonly (keyof T & string)[];
};

export type SettingsForm<T extends object> = {
  form: FormInstance<T>;
  scope: SettingsScope | undefined;
  refetch(): void;
  save(): Promise<void>;
};

/** A settings screen's form: loaded from the server, saved whole, its field errors shown on the fields. */
export function useSettingsForm<T extends object, V extends Partial<T> & { scope: SettingsScope }>(
  options: Options<T, V>,
): SettingsForm<T> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<T>();
  const current = useQuery({ queryKey: options.queryKey, queryFn: options.load });
  const scope = current.data?.scope;

  useEffect(() => {
    if (current.data) form.setFieldsValue(current.data);
  }, [current.data, form]);

  const save = async () => {
    const values = await form.validateFields();
    try {
      const saved = await options.store(values, scope);
      form.setFieldsValue(saved);
      queryClient.setQueryData(options.queryKey, saved);
      // The shell (name, logo, footer, page size, sign-in page) reads these: fetch them again.
      void queryClient.invalidateQueries({ queryKey: siteKeys.all });
      void message.success(t('site-login-settings.saved'));
    } catch (e) {
      // The field names are the form's own; antd cannot see that through the generic values type.
      const setFields = form.setFields as (errors: { name: string; errors: string[] }[]) => void;
      showSaveError(e, options.fieldNames, setFields, (text) => void message.error(text));
    }
  };

  return { form, scope, save, refetch: () => void current.refetch() };
}

/** The settings screen's frame: refresh and save above what the screen shows. */
export function SettingsScreen<T extends object>({
  settings,
  children,
}: {
  settings: SettingsForm<T>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { idOf } = useMenuGrants();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      <ActionToolbar
        items={[
          {
            id: idOf('Search'),
            key: 'refresh',
            label: t('site-login-settings.refresh'),
            icon: <ReloadOutlined />,
            onClick: settings.refetch,
          },
          {
            id: idOf('Update'),
            key: 'save',
            label: t('site-login-settings.save'),
            icon: <SaveOutlined />,
            onClick: () => void settings.save().catch(() => {}),
          },
        ]}
      />
      {children}
    </Space>
  );
}

type NumberProps = {
  name: string;
  label: string;
  rule: FormRule;
  min: number;
  max: number;
  suffix?: string;
  extra?: ReactNode;
};

/** A required whole-number setting. */
export function NumberSetting({ name, label, rule, min, max, suffix, extra }: NumberProps) {
  return (
    <Form.Item label={label} name={name} required rules={[rule]} extra={extra}>
      <InputNumber min={min} max={max} precision={0} suffix={suffix} />
    </Form.Item>
  );
}
