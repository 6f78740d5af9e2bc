import { useQuery } from '@tanstack/react-query';
import { tenantAddSchema, tenantFieldsSchema, userNameSchema } from '@trestle/shared';
import { DatePicker, Form, Input, Switch, Tree } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, type RecordDialogProps } from '../../components/form/FormModal.tsx';
import { useValidationText } from '../../components/form/schema-rule.ts';
import { buildMenuTree, type MenuNode } from '../../components/menu-tree.ts';
import { zodRule } from '../../components/zod-rules.ts';
import { addTenant, getPackageMenus, getTenant, updateTenant } from './tenants-api.ts';

type Values = {
  code: string;
  name: string;
  expiresOn: Dayjs | null;
  enabled: boolean;
  remark: string;
  menuIds: number[];
  admin?: { userName: string; userTrueName: string; password: string };
};

// The fields a server error may name; the admin's are nested in the form.
const FIELDS = [
  'code',
  'name',
  'expiresOn',
  'enabled',
  'remark',
  'menuIds',
  'admin.userName',
  'admin.userTrueName',
  'admin.password',
];

type TreeNode = { key: number; title: string; children: TreeNode[] };
const toTreeData = (nodes: MenuNode[]): TreeNode[] =>
  nodes.map((n) => ({ key: n.entry.id, title: n.entry.name, children: toTreeData(n.children) }));

/** Add a tenant (with its admin) or edit one; the package is a tree of the menus a tenant may use. */
export function TenantDialog({ id, onClose, onSaved }: RecordDialogProps) {
  const { t } = useTranslation();
  const [isPlatform, setIsPlatform] = useState(false);
  const offered = useQuery({ queryKey: ['tenants', 'packageMenus'], queryFn: getPackageMenus });
  const treeData = useMemo(() => toTreeData(buildMenuTree(offered.data ?? [])), [offered.data]);
  const translate = useValidationText();
  const adding = id === null;

  const load = async (): Promise<Partial<Values>> => {
    if (id === null) return {};
    const tenant = await getTenant(id);
    setIsPlatform(tenant.isPlatform);
    return {
      code: tenant.code,
      name: tenant.name,
      expiresOn: tenant.expiresOn ? dayjs(tenant.expiresOn) : null,
      enabled: tenant.enabled,
      remark: tenant.remark,
      menuIds: tenant.menuIds,
    };
  };

  const submit = async (v: Values) => {
    const fields = {
      name: v.name,
      expiresOn: v.expiresOn ? v.expiresOn.format('YYYY-MM-DD') : null,
      remark: v.remark ?? '',
      menuIds: v.menuIds ?? [],
    };
    if (adding && v.admin) await addTenant({ ...fields, code: v.code, admin: v.admin });
    else if (id !== null) await updateTenant({ ...fields, id, enabled: v.enabled });
  };

  return (
    <FormModal<Values>
      width={720}
      title={adding ? t('tenants.addTitle') : t('tenants.editTitle')}
      fields={FIELDS}
      load={load}
      submit={submit}
      done={t('tenants.saved')}
      onClose={onClose}
      onDone={onSaved}
      initialValues={{ enabled: true, remark: '', menuIds: [], expiresOn: null }}
      formProps={{ 'data-testid': 'tenant-form' }}
    >
      <Form.Item
        label={t('tenants.code')}
        name="code"
        required
        rules={adding ? [zodRule(tenantAddSchema.shape.code, translate)] : []}
      >
        <Input disabled={!adding} />
      </Form.Item>
      <Form.Item
        label={t('tenants.name')}
        name="name"
        required
        rules={[zodRule(tenantFieldsSchema.shape.name, translate)]}
      >
        <Input />
      </Form.Item>
      <Form.Item label={t('tenants.expiresOn')} name="expiresOn">
        <DatePicker disabled={isPlatform} />
      </Form.Item>
      {!adding && (
        <Form.Item label={t('tenants.enabled')} name="enabled" valuePropName="checked">
          <Switch disabled={isPlatform} />
        </Form.Item>
      )}
      <Form.Item label={t('tenants.remark')} name="remark">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      {adding && (
        <>
          <Form.Item
            label={t('tenants.adminUserName')}
            name={['admin', 'userName']}
            required
            rules={[zodRule(userNameSchema, translate)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={t('tenants.adminTrueName')}
            name={['admin', 'userTrueName']}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            label={t('tenants.adminPassword')}
            name={['admin', 'password']}
            extra={t('tenants.adminPasswordHint')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      )}
      {!isPlatform && (
        <Form.Item
          label={t('tenants.package')}
          name="menuIds"
          valuePropName="checkedKeys"
          trigger="onCheck"
          getValueFromEvent={(checked: number[] | { checked: number[] }) =>
            Array.isArray(checked) ? checked : checked.checked
          }
        >
          {/* Mounted again once the menus arrive: defaultExpandAll only acts on the first render. */}
          <Tree key={treeData.length} checkable defaultExpandAll treeData={treeData} data-testid="tenant-package" />
        </Form.Item>
      )}
    </FormModal>
  );
}
