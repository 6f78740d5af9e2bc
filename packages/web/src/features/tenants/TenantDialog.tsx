import { useQuery } from '@tanstack/react-query';
import { tenantAddSchema, tenantFieldsSchema, userNameSchema } from '@trestle/shared';
import { App, DatePicker, Form, Input, Switch, Tree } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { buildMenuTree, type MenuNode } from '../../components/menu-tree.ts';
import { zodRule } from '../../components/zod-rules.ts';
import { HttpError } from '../../lib/http/transport.ts';
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

type TreeNode = { key: number; title: string; children: TreeNode[] };
const toTreeData = (nodes: MenuNode[]): TreeNode[] =>
  nodes.map((n) => ({ key: n.entry.id, title: n.entry.name, children: toTreeData(n.children) }));

/** Add a tenant (with its admin) or edit one; the package is a tree of the menus a tenant may use. */
export function TenantDialog({
  id,
  onClose,
  onSaved,
}: {
  id: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [isPlatform, setIsPlatform] = useState(false);
  const offered = useQuery({ queryKey: ['tenants', 'packageMenus'], queryFn: getPackageMenus });
  const treeData = useMemo(() => toTreeData(buildMenuTree(offered.data ?? [])), [offered.data]);
  const translate = (msg: string) => t(`validation.${msg}`, { defaultValue: msg });
  const adding = id === null;

  useEffect(() => {
    if (id === null) return;
    getTenant(id)
      .then((tenant) => {
        setIsPlatform(tenant.isPlatform);
        form.setFieldsValue({
          code: tenant.code,
          name: tenant.name,
          expiresOn: tenant.expiresOn ? dayjs(tenant.expiresOn) : null,
          enabled: tenant.enabled,
          remark: tenant.remark,
          menuIds: tenant.menuIds,
        });
      })
      .catch(onClose);
  }, [id, form, onClose]);

  const submit = async () => {
    const v = await form.validateFields();
    const fields = {
      name: v.name,
      expiresOn: v.expiresOn ? v.expiresOn.format('YYYY-MM-DD') : null,
      remark: v.remark ?? '',
      menuIds: v.menuIds ?? [],
    };
    setBusy(true);
    try {
      if (adding && v.admin) await addTenant({ ...fields, code: v.code, admin: v.admin });
      else if (id !== null) await updateTenant({ ...fields, id, enabled: v.enabled });
      void message.success(t('tenants.saved'));
      onSaved();
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const placed = Object.entries(e.fieldErrors).map(([name, errors]) => ({
        name: name.split('.'),
        errors: [errors],
      }));
      if (placed.length) form.setFields(placed as never);
      else void message.error(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open
      width={720}
      title={adding ? t('tenants.addTitle') : t('tenants.editTitle')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ enabled: true, remark: '', menuIds: [], expiresOn: null }}
        data-testid="tenant-form"
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
      </Form>
    </AppModal>
  );
}
