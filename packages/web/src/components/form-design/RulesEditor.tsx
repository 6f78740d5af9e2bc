import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormAction, FormCondition, FormRule } from '@trestle/shared';
import { Alert, Button, Card, Empty, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConditionRow } from './ConditionRow.tsx';
import { errorsUnder } from './design-errors.ts';
import { freshId } from './design-pieces.ts';
import { useDesigner } from './designer-context.ts';
import { Prop } from './inputs.tsx';
import { ActionRow } from './RuleRows.tsx';
import { type Targets, useTargets } from './rule-targets.ts';

const replaced = <T,>(list: readonly T[], at: number, next: T) => list.map((x, i) => (i === at ? next : x));
const without = <T,>(list: readonly T[], at: number) => list.filter((_, i) => i !== at);

/** The form's rules: each with its conditions (on fields or on who fills the form) and what it does. */
export function RulesEditor() {
  const { t } = useTranslation();
  const { design, change, errors } = useDesigner();
  const targets = useTargets();
  const setRules = (rules: FormRule[], key?: string) => change({ type: 'rules', rules }, key);
  const addRule = () =>
    setRules([
      ...design.rules,
      {
        id: freshId(design, 'r'),
        match: 'all',
        when: [],
        actions: [{ action: 'show', target: targets.firstField }],
      },
    ]);
  return (
    <section aria-label={t('formDesign.rules')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {design.rules.length === 0 && <Empty description={t('formDesign.rules.none')} />}
        {design.rules.map((rule, r) => (
          <RuleCard
            key={rule.id}
            rule={rule}
            n={r + 1}
            errors={errorsUnder(errors, `rules.${r}.`)}
            onChange={(next, key) => setRules(replaced(design.rules, r, next), key && `rule:${rule.id}:${key}`)}
            onRemove={() => setRules(without(design.rules, r))}
            targets={targets}
          />
        ))}
        <Button icon={<PlusOutlined />} onClick={addRule}>
          {t('formDesign.rules.add')}
        </Button>
      </Space>
    </section>
  );
}

function RuleCard({
  rule,
  n,
  errors,
  onChange,
  onRemove,
  targets,
}: {
  rule: FormRule;
  n: number;
  errors: Record<string, string>;
  onChange(rule: FormRule, key?: string): void;
  onRemove(): void;
  targets: Targets;
}) {
  const { t } = useTranslation();
  const title = t('formDesign.rules.rule', { n });
  const setWhen = (when: FormCondition[], key?: string) => onChange({ ...rule, when }, key);
  const setActions = (actions: FormAction[], key?: string) => onChange({ ...rule, actions }, key);
  const general = ['', 'when', 'actions', 'name', 'match'].flatMap((k) => (errors[k] ? [errors[k]] : []));
  return (
    <Card
      size="small"
      role="group"
      aria-label={title}
      title={`${title}${rule.name ? ` — ${rule.name}` : ''}`}
      extra={
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('formDesign.rules.remove', { n })}
          onClick={onRemove}
        />
      }
    >
      <Form layout="vertical" component="div">
        {general.length > 0 && <Alert type="error" showIcon title={general.join('; ')} style={{ marginBottom: 8 }} />}
        <Space wrap align="start">
          <Prop label={t('formDesign.rules.name')}>
            <Input
              aria-label={t('formDesign.rules.name')}
              value={rule.name ?? ''}
              onChange={(e) => onChange({ ...rule, name: e.target.value || undefined }, 'name')}
              style={{ width: 260 }}
            />
          </Prop>
          <Prop label={t('formDesign.rules.match')}>
            <Select
              aria-label={t('formDesign.rules.match')}
              value={rule.match}
              style={{ width: 180 }}
              options={[
                { value: 'all', label: t('formDesign.rules.match.all') },
                { value: 'any', label: t('formDesign.rules.match.any') },
              ]}
              onChange={(match) => onChange({ ...rule, match })}
            />
          </Prop>
        </Space>
        <Prop label={t('formDesign.rules.conditions')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rule.when.length === 0 && <span>{t('formDesign.rules.always')}</span>}
            {rule.when.map((c, j) => (
              <ConditionRow
                // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity besides their place
                key={j}
                n={j + 1}
                condition={c}
                errors={errorsUnder(errors, `when.${j}.`)}
                targets={targets}
                onChange={(next, key) => setWhen(replaced(rule.when, j, next), key && `when.${j}.${key}`)}
                onRemove={() => setWhen(without(rule.when, j))}
              />
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() =>
                setWhen([...rule.when, { subject: 'field', field: targets.firstField, op: 'eq', value: null }])
              }
            >
              {t('formDesign.rules.addCondition')}
            </Button>
          </Space>
        </Prop>
        <Prop label={t('formDesign.rules.actions')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rule.actions.map((a, j) => (
              <ActionRow
                // biome-ignore lint/suspicious/noArrayIndexKey: actions have no identity besides their place
                key={j}
                n={j + 1}
                action={a}
                errors={errorsUnder(errors, `actions.${j}.`)}
                targets={targets}
                onChange={(next, key) => setActions(replaced(rule.actions, j, next), key && `actions.${j}.${key}`)}
                onRemove={rule.actions.length > 1 ? () => setActions(without(rule.actions, j)) : undefined}
              />
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setActions([...rule.actions, { action: 'show', target: targets.firstField }])}
            >
              {t('formDesign.rules.addAction')}
            </Button>
          </Space>
        </Prop>
      </Form>
    </Card>
  );
}
