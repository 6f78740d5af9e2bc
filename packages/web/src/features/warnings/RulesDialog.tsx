import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WarningRuleRow } from '@trestle/shared';
import { App, Button, InputNumber, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { type Dictionary, dictionaryKeys, dictLabel } from '../../components/grid/dictionaries.ts';
import { QueryTable } from '../../components/grid/QueryTable.tsx';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { saveWarningRule, warningKeys, warningRules } from './warnings-api.ts';

type Draft = { enabled: boolean; params: Record<string, number> };
type Props = { canEdit: boolean; onClose(): void; onSaved(): void };

const same = (a: Draft, r: WarningRuleRow) =>
  a.enabled === r.enabled && Object.keys(r.params).every((k) => a.params[k] === r.params[k]);

/**
 * The warning rules with their thresholds; an admin (Update) switches them and edits the thresholds. Not
 * built from the ViewGrid parts: the fixed set of rules the code knows, each edited in place, not records.
 */
export function RulesDialog({ canEdit, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: warningKeys.rules(), queryFn: warningRules });
  const categoryCodes = ['warningCategory'];
  const dictionary = useQuery({
    queryKey: dictionaryKeys.codes(categoryCodes, i18n.language),
    queryFn: () => http.post<Dictionary[]>('/api/Dictionary/getVueDictionary', categoryCodes, { quiet: true }),
    staleTime: 5 * 60_000,
  });
  const categories = dictionary.data?.[0];
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [saving, setSaving] = useState<number | null>(null);
  const draftOf = (r: WarningRuleRow): Draft => drafts[r.id] ?? { enabled: r.enabled, params: r.params };
  const edit = (r: WarningRuleRow, change: Partial<Draft>) =>
    setDrafts((d) => ({ ...d, [r.id]: { ...draftOf(r), ...change } }));

  const save = async (r: WarningRuleRow) => {
    const draft = draftOf(r);
    setSaving(r.id);
    try {
      await saveWarningRule({ id: r.id, version: r.version, enabled: draft.enabled, params: draft.params });
      void message.success(t('warnings.ruleSaved', { code: r.code }));
      setDrafts(({ [r.id]: _, ...rest }) => rest);
      await queryClient.invalidateQueries({ queryKey: warningKeys.rules() });
      onSaved();
    } catch (e) {
      void message.error(e instanceof HttpError ? e.message : String(e));
      if (e instanceof HttpError && e.status === 409) void rules.refetch();
    } finally {
      setSaving(null);
    }
  };

  return (
    <AppModal open width={1100} title={t('warnings.rulesTitle')} onCancel={onClose} footer={null}>
      <QueryTable<WarningRuleRow>
        rowKey="id"
        testId="warning-rules"
        query={rules}
        scroll={{ y: 520 }}
        columns={[
          { title: t('warnings.ruleCode'), dataIndex: 'code', width: 70 },
          {
            title: t('warnings.ruleName'),
            key: 'name',
            width: 220,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <span>{i18n.language.startsWith('zh') ? r.nameZh : r.name}</span>
                <Tag>{dictLabel(categories, r.category)}</Tag>
              </Space>
            ),
          },
          {
            title: t('warnings.ruleLogic'),
            dataIndex: 'severityLogic',
            render: (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>,
          },
          {
            title: t('warnings.ruleParams'),
            key: 'params',
            width: 300,
            render: (_, r) => (
              <Space wrap size={4}>
                {Object.keys(r.defaults).length === 0 && <Typography.Text type="secondary">—</Typography.Text>}
                {Object.keys(r.defaults).map((k) => (
                  <Space key={k} size={2}>
                    <Typography.Text>{k}</Typography.Text>
                    <InputNumber
                      size="small"
                      min={0}
                      max={100000}
                      style={{ width: 80 }}
                      aria-label={`${r.code} ${k}`}
                      disabled={!canEdit}
                      value={draftOf(r).params[k]}
                      onChange={(v) => edit(r, { params: { ...draftOf(r).params, [k]: Number(v ?? 0) } })}
                    />
                  </Space>
                ))}
              </Space>
            ),
          },
          {
            title: t('warnings.ruleEnabled'),
            key: 'enabled',
            width: 80,
            render: (_, r) => (
              <Switch
                size="small"
                aria-label={`${r.code} ${t('warnings.ruleEnabled')}`}
                disabled={!canEdit}
                checked={draftOf(r).enabled}
                onChange={(enabled) => edit(r, { enabled })}
              />
            ),
          },
          ...(canEdit
            ? [
                {
                  key: 'save',
                  width: 80,
                  render: (_: unknown, r: WarningRuleRow) => (
                    <Button
                      size="small"
                      type="primary"
                      loading={saving === r.id}
                      disabled={same(draftOf(r), r)}
                      onClick={() => void save(r)}
                    >
                      {t('warnings.save')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </AppModal>
  );
}
