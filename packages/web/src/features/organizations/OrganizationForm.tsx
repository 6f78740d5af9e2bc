import { type OrganizationInput, type OrganizationRow, organizationInputSchema } from '@trestle/shared';
import { Form, type FormInstance, Input, InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../components/form/NameFields.tsx';
import { useSchemaRule } from '../../components/form/schema-rule.ts';
import { ParentField } from '../../components/tree/TreeEditor.tsx';
import { searchUsers, useOrganizationTypes } from './organizations-api.ts';

export type OrganizationFormValues = Omit<OrganizationInput, 'parentId' | 'managerId'> & {
  parentId: number | null | undefined;
  managerId: number | null | undefined;
};

// A module-level function: the parent picker's options are computed again only when the rows change.
const nameOf = (r: OrganizationRow) => r.name;

type Props = {
  form: FormInstance<OrganizationFormValues>;
  rows: readonly OrganizationRow[];
  editing: OrganizationRow | undefined;
};

/** The manager field: users of the tenant found by name as one types, the current manager included. */
function ManagerPicker(props: {
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  current?: string;
}) {
  const { id, value, onChange, current } = props;
  const [q, setQ] = useState('');
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void searchUsers(q)
        .then((users) => {
          if (live) setOptions(users.map((u) => ({ value: u.id, label: `${u.userTrueName} (${u.userName})` })));
        })
        .catch(() => {});
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q]);
  const shown =
    value != null && current && !options.some((o) => o.value === value)
      ? [{ value, label: current }, ...options]
      : options;
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value ?? undefined}
      options={shown}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
    />
  );
}

/** Where the organisation sits, its code, name and type, its manager and its order. */
export function OrganizationForm({ form, rows, editing }: Props) {
  const { t } = useTranslation();
  const rule = useSchemaRule(organizationInputSchema.shape);
  const types = useOrganizationTypes();
  const k = (key: string) => t(`organizations-menus.org.${key}`);

  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} aria-label={k('form')}>
      <ParentField
        rows={rows}
        label={nameOf}
        editing={editing}
        text={{ label: k('parent'), topLevel: k('topLevel') }}
      />
      <Form.Item name="code" label={k('code')} required rules={[rule('code')]}>
        <Input maxLength={50} />
      </Form.Item>
      <NameFields label={{ name: k('name'), nameZh: k('nameZh') }} rule={rule} maxLength={100} zhRequired={false} />
      <Form.Item name="type" label={k('typeLabel')} required rules={[rule('type')]}>
        <Select options={types} />
      </Form.Item>
      <Form.Item name="managerId" label={k('manager')}>
        <ManagerPicker current={editing?.managerName ?? undefined} />
      </Form.Item>
      <Form.Item name="sort" label={k('sort')}>
        <InputNumber min={0} max={999_999} precision={0} />
      </Form.Item>
    </Form>
  );
}
