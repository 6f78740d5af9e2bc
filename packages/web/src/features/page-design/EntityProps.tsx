import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type BlockCondition, type BlockLink, isEntityBlock, type PageLabel, type PageNode } from '@trestle/shared';
import { Button, Checkbox, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context.ts';
import { EntityKindProps } from './EntityKindProps.tsx';
import { fieldOptions } from './field-options.ts';
import { FieldSelect, LabelInputs, Setting } from './inputs.tsx';
import { usePageEntities } from './page-design-api.ts';

type EntityBlockProps = {
  title: PageLabel;
  entity: string;
  conditions: BlockCondition[];
  link: BlockLink | null;
  detailOf?: string | null;
};

const ops = ['eq', 'like', 'in', 'gt', 'ge', 'lt', 'le'] as const;

/** A data block's settings: its entity, title, fixed conditions and link, then its kind's own. */
export function EntityProps({ node, problems }: { node: PageNode; problems: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const designer = useDesigner();
  const entities = usePageEntities();
  const props = node.props as EntityBlockProps;
  const meta = designer.metas.get(props.entity);
  const fields = fieldOptions(meta, i18n.language);
  const set = (patch: Partial<EntityBlockProps>) => designer.setProps(node.uid, patch);
  const setCondition = (i: number, patch: Partial<BlockCondition>) =>
    set({ conditions: props.conditions.map((c, j) => (i === j ? { ...c, ...patch } : c)) });
  const disabled = designer.readOnly;

  return (
    <>
      <Setting label={t('pageDesign.prop.entity')} path="props.entity" problems={problems}>
        <Select
          aria-label={t('pageDesign.prop.entity')}
          showSearch
          optionFilterProp="label"
          disabled={disabled}
          value={props.entity}
          // Another entity's fields mean nothing here: the field choices start again.
          onChange={(entity: string) => designer.setProps(node.uid, resetFor(node, entity))}
          options={entities.map((e) => ({ value: e.name, label: `${e.label} (${e.name})` }))}
        />
      </Setting>
      <Setting label={t('pageDesign.prop.title')} path="props.title" problems={problems}>
        <LabelInputs
          label={t('pageDesign.prop.title')}
          value={props.title}
          disabled={disabled}
          onChange={(title) => set({ title })}
        />
      </Setting>
      <EntityKindProps node={node} meta={meta} problems={problems} />
      <LinkSetting node={node} problems={problems} />
      <Setting label={t('pageDesign.prop.conditions')} path="props.conditions" problems={problems}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {props.conditions.map((c, i) => (
            // Conditions have no id of their own; their place is their key while edited.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Space.Compact key={i} style={{ width: '100%' }}>
              <FieldSelect
                label={`${t('pageDesign.prop.conditionField')} ${i + 1}`}
                value={c.field}
                options={fields}
                disabled={disabled}
                onChange={(field) => setCondition(i, { field: field ?? '' })}
              />
              <Select
                aria-label={`${t('pageDesign.prop.conditionOp')} ${i + 1}`}
                style={{ width: 90 }}
                disabled={disabled}
                value={c.op}
                options={ops.map((op) => ({ value: op, label: t(`pageDesign.op.${op}`) }))}
                onChange={(op) => setCondition(i, { op })}
              />
              <Input
                aria-label={`${t('pageDesign.prop.conditionValue')} ${i + 1}`}
                disabled={disabled}
                value={String(c.value)}
                onChange={(e) => setCondition(i, { value: e.target.value })}
              />
              <Button
                icon={<DeleteOutlined />}
                disabled={disabled}
                aria-label={`${t('pageDesign.removeCondition')} ${i + 1}`}
                onClick={() => set({ conditions: props.conditions.filter((_, j) => j !== i) })}
              />
            </Space.Compact>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={disabled || !fields[0]}
            onClick={() =>
              set({ conditions: [...props.conditions, { field: fields[0]?.value ?? '', op: 'eq', value: '' }] })
            }
          >
            {t('pageDesign.addCondition')}
          </Button>
        </Space>
      </Setting>
    </>
  );
}

/** The settings that name the entity's fields, cleared for another entity (its kind's required ones refilled). */
function resetFor(node: PageNode, entity: string): Record<string, unknown> {
  const cleared: Record<string, unknown> = { entity, conditions: [], link: null };
  for (const key of ['columns', 'searchFields', 'fields', 'cardFields']) if (key in node.props) cleared[key] = [];
  if ('detailOf' in node.props) cleared.detailOf = null;
  if ('endField' in node.props) cleared.endField = null;
  if (node.type === 'kpi') cleared.field = null;
  return cleared;
}

/**
 * The block this one follows: it shows what belongs to the row selected there, through one of its fields that
 * references that block's entity (a details block of the same entity needs none; a calendar may show the
 * selected row's detail lines).
 */
function LinkSetting({ node, problems }: { node: PageNode; problems: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const designer = useDesigner();
  const props = node.props as EntityBlockProps;
  const meta = designer.metas.get(props.entity);
  const sources = designer.nodes.filter((n) => n.uid !== node.uid && isEntityBlock(n.type));
  const source = props.link ? designer.nodes.find((n) => n.uid === props.link?.block) : undefined;
  const sourceMeta = source ? designer.metas.get((source.props as { entity: string }).entity) : undefined;
  const referencing = fieldOptions(meta, i18n.language, (f) =>
    Boolean(sourceMeta && f.reference?.table === sourceMeta.table),
  );
  const set = (link: BlockLink | null, more: Record<string, unknown> = {}) =>
    designer.setProps(node.uid, { link, ...more });
  const disabled = designer.readOnly;
  return (
    <>
      <Setting label={t('pageDesign.prop.linkBlock')} path="props.link.block" problems={problems}>
        <Select
          aria-label={t('pageDesign.prop.linkBlock')}
          allowClear
          disabled={disabled}
          value={props.link?.block}
          options={sources.map((n) => ({ value: n.uid, label: designer.nameOf(n) }))}
          onChange={(block: string | undefined) =>
            set(block ? { block } : null, 'detailOf' in node.props ? { detailOf: null } : {})
          }
        />
      </Setting>
      {props.link && node.type === 'calendar' && (
        <Checkbox
          disabled={disabled || !sourceMeta}
          checked={Boolean(props.detailOf)}
          onChange={(e) =>
            set({ block: props.link?.block ?? '' }, { detailOf: e.target.checked ? (sourceMeta?.name ?? null) : null })
          }
          style={{ marginBottom: 10 }}
        >
          {t('pageDesign.prop.detailOf')}
        </Checkbox>
      )}
      {props.link && !props.detailOf && (
        <Setting label={t('pageDesign.prop.linkField')} path="props.link.field" problems={problems}>
          <FieldSelect
            label={t('pageDesign.prop.linkField')}
            allowClear
            disabled={disabled}
            value={props.link.field}
            options={referencing}
            onChange={(field) => set({ block: props.link?.block ?? '', ...(field ? { field } : {}) })}
          />
        </Setting>
      )}
    </>
  );
}
