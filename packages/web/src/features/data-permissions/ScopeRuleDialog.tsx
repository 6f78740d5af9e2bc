import {
  type CustomFilter,
  conditionProblems,
  type EntityScope,
  type ScopeKind,
  type ScopeOrganization,
  type ScopeRole,
  type ScopeRule,
  scopeKinds,
} from '@trestle/shared';
import { Alert, App, Radio, Space, Tooltip, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { labelOf } from '../../components/form/layout.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { useSaveScopeRule } from './data-permission-api.ts';
import { newCondition, RuleEditor } from './RuleEditor.tsx';
import { kindLabel, organizationTree } from './scope-text.ts';

type Props = {
  role: ScopeRole;
  entity: EntityScope;
  organizations: ScopeOrganization[];
  onClose(): void;
};

const DEFAULT = 'default';

/** Server field errors of the rule (`rule.filter.conditions.0.value`) keyed as the editor shows them. */
const ruleErrors = (fieldErrors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(fieldErrors).map(([key, message]) => [key.replace(/^rule\.(filter\.)?/, ''), message]),
  );

/** Edit one role's scope on one entity: a kind, plus organisations or a filter where the kind needs them. */
export function ScopeRuleDialog({ role, entity, organizations, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveScopeRule();
  const [kind, setKind] = useState<ScopeKind | typeof DEFAULT>(entity.rule?.scope ?? DEFAULT);
  const [organizationIds, setOrganizationIds] = useState<number[]>(entity.rule?.organizationIds ?? []);
  const firstField = entity.fields[0];
  const [filter, setFilter] = useState<CustomFilter>(
    entity.rule?.filter ?? { match: 'all', conditions: firstField ? [newCondition(firstField)] : [] },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const local: Record<string, string> = {};
    if (kind === 'custom')
      filter.conditions.forEach((c, i) => {
        for (const [k, m] of Object.entries(conditionProblems(entity.fields, c))) local[`conditions.${i}.${k}`] = m;
      });
    if (kind === 'organizations' && organizationIds.length === 0)
      local.organizationIds = 'choose at least one organisation';
    setErrors(local);
    if (Object.keys(local).length) return;
    const rule: ScopeRule | null =
      kind === DEFAULT
        ? null
        : {
            scope: kind,
            organizationIds: kind === 'organizations' ? organizationIds : [],
            filter: kind === 'custom' ? filter : null,
          };
    try {
      await save.mutateAsync({ roleId: role.id, entity: entity.entity, rule });
      void message.success(t('dataPermission.saved'));
      onClose();
    } catch (e) {
      if (e instanceof HttpError && Object.keys(e.fieldErrors).length) setErrors(ruleErrors(e.fieldErrors));
      else void message.error(e instanceof Error ? e.message : String(e));
    }
  };

  const kindOption = (k: ScopeKind) => {
    const supported = entity.kinds.includes(k);
    const radio = (
      <Radio key={k} value={k} disabled={!supported}>
        {kindLabel(t, k)}
      </Radio>
    );
    return supported ? (
      radio
    ) : (
      <Tooltip key={k} title={t('dataPermission.notSupported')}>
        {radio}
      </Tooltip>
    );
  };
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <AppModal
      open
      width={760}
      title={t('dataPermission.editTitle', { entity: labelOf(entity, i18n.language), role: role.name })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Radio.Group
          aria-label={t('dataPermission.scope')}
          value={kind}
          onChange={(e) => setKind(e.target.value as ScopeKind | typeof DEFAULT)}
        >
          <Space orientation="vertical">
            <Radio value={DEFAULT}>{t('dataPermission.roleDefault', { scope: kindLabel(t, role.defaultScope) })}</Radio>
            {scopeKinds.map(kindOption)}
          </Space>
        </Radio.Group>
        {kind === 'organizations' && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text>{t('dataPermission.chooseOrganizations')}</Typography.Text>
            <TreeSelect
              aria-label={t('dataPermission.chooseOrganizations')}
              style={{ width: '100%' }}
              treeData={organizationTree(organizations)}
              value={organizationIds}
              onChange={(v: number[]) => setOrganizationIds(v)}
              treeCheckable
              treeCheckStrictly={false}
              showCheckedStrategy={TreeSelect.SHOW_ALL}
              treeDefaultExpandAll
              multiple
            />
            {errors.organizationIds && <Typography.Text type="danger">{errors.organizationIds}</Typography.Text>}
          </Space>
        )}
        {kind === 'custom' && <RuleEditor value={filter} fields={entity.fields} errors={errors} onChange={setFilter} />}
        {hasErrors && <Alert type="error" showIcon title={t('dataPermission.invalid')} />}
      </Space>
    </AppModal>
  );
}
