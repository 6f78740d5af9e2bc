import { type BlockAction, blockActions, type EntityMeta, type PageNode } from '@trestle/shared';
import { Checkbox, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context.ts';
import {
  dateField,
  dictField,
  type FieldTest,
  fieldOptions,
  numberField,
  selfReference,
  titleField,
} from './field-options.ts';
import { FieldSelect, FieldsSelect, Setting } from './inputs.tsx';

type Props = { node: PageNode; meta: EntityMeta | undefined; problems: Record<string, string> };

/** What each kind of data block keeps besides its entity: its columns, lanes, dates, tree, number… */
export function EntityKindProps({ node, meta, problems }: Props) {
  const { t, i18n } = useTranslation();
  const designer = useDesigner();
  const props = node.props as Record<string, unknown>;
  const set = (key: string, value: unknown) => designer.setProps(node.uid, { [key]: value });
  const disabled = designer.readOnly;
  const options = (test?: FieldTest) => fieldOptions(meta, i18n.language, test);

  const one = (key: string, test?: FieldTest, allowClear = false) => (
    <Setting key={key} label={t(`pageDesign.prop.${key}`)} path={`props.${key}`} problems={problems}>
      <FieldSelect
        label={t(`pageDesign.prop.${key}`)}
        value={props[key] as string | null}
        options={options(test)}
        allowClear={allowClear}
        disabled={disabled}
        onChange={(v) => set(key, v)}
      />
    </Setting>
  );
  const many = (key: string) => (
    <Setting key={key} label={t(`pageDesign.prop.${key}`)} path={`props.${key}`} problems={problems}>
      <FieldsSelect
        label={t(`pageDesign.prop.${key}`)}
        value={(props[key] as string[]) ?? []}
        options={options()}
        disabled={disabled}
        onChange={(v) => set(key, v)}
      />
    </Setting>
  );
  const actions = () => (
    <Setting label={t('pageDesign.prop.actions')} path="props.actions" problems={problems}>
      <Checkbox.Group
        disabled={disabled}
        value={props.actions as BlockAction[]}
        options={blockActions.map((a) => ({ value: a, label: t(`pageDesign.action.${a}`) }))}
        onChange={(v) =>
          set(
            'actions',
            blockActions.filter((a) => v.includes(a)),
          )
        }
      />
    </Setting>
  );
  const number = (key: string, min: number, max: number) => (
    <Setting label={t(`pageDesign.prop.${key}`)} path={`props.${key}`} problems={problems}>
      <InputNumber
        aria-label={t(`pageDesign.prop.${key}`)}
        min={min}
        max={max}
        precision={0}
        disabled={disabled}
        value={props[key] as number}
        onChange={(v) => typeof v === 'number' && set(key, v)}
      />
    </Setting>
  );

  switch (node.type) {
    case 'grid':
      return (
        <>
          {many('columns')}
          {many('searchFields')}
          {actions()}
          {number('pageSize', 5, 100)}
          <Setting label={t('pageDesign.prop.expandDetails')} path="props.expandDetails" problems={problems}>
            <Switch
              aria-label={t('pageDesign.prop.expandDetails')}
              disabled={disabled}
              checked={props.expandDetails as boolean}
              onChange={(v) => set('expandDetails', v)}
            />
          </Setting>
        </>
      );
    case 'details':
      return (
        <>
          {many('fields')}
          {number('columns', 1, 4)}
        </>
      );
    case 'kpi':
      return (
        <>
          <Setting label={t('pageDesign.prop.measure')} path="props.measure" problems={problems}>
            <Radio.Group
              disabled={disabled}
              value={props.measure}
              onChange={(e) => designer.setProps(node.uid, { measure: e.target.value, field: null })}
              options={[
                { value: 'count', label: t('pageDesign.measure.count') },
                { value: 'sum', label: t('pageDesign.measure.sum') },
              ]}
            />
          </Setting>
          {props.measure === 'sum' && one('field', numberField)}
        </>
      );
    case 'kanban':
      return (
        <>
          {one('groupField', dictField)}
          {one('titleField', titleField)}
          {many('cardFields')}
          {actions()}
        </>
      );
    case 'calendar':
      return (
        <>
          {one('dateField', dateField)}
          {one('endField', dateField, true)}
          {one('titleField', titleField)}
          {actions()}
        </>
      );
    case 'tree':
      return (
        <>
          {one('parentField', selfReference)}
          {one('titleField', titleField)}
        </>
      );
    default:
      return null;
  }
}
