import { type FormItem, langOf } from '@trestle/shared';
import { Card, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsUnder } from './design-errors.ts';
import { findItem } from './design-tree.ts';
import { useDesigner, useItemPatch } from './designer-context.ts';
import { FieldProperties } from './FieldProperties.tsx';
import { Hint, LabelProps, NumberProp, Prop, SwitchProp, TightenSwitch } from './inputs.tsx';
import { ColumnsProperties, TableProperties, TabsProperties } from './LayoutProperties.tsx';

/** The selected item's properties, or the form's own settings when nothing is selected. */
export function PropertyPanel() {
  const { t } = useTranslation();
  const { design, selection } = useDesigner();
  const item = selection ? findItem(design.items, selection.id) : null;
  return (
    <Card size="small" title={item ? t('formDesign.props') : t('formDesign.props.form')}>
      <Form
        layout="vertical"
        component="div"
        aria-label={item ? t('formDesign.props') : t('formDesign.props.form')}
        role="form"
      >
        {item ? <ItemProperties key={item.id} item={item} /> : <FormSettings />}
      </Form>
    </Card>
  );
}

function FormSettings() {
  const { t } = useTranslation();
  const { design, change, errors } = useDesigner();
  return (
    <>
      <LabelProps
        en={t('formDesign.props.titleEn')}
        zh={t('formDesign.props.titleZh')}
        value={design.title}
        errors={errorsUnder(errors, 'title.')}
        onChange={(v) => change({ type: 'form', patch: { title: v ?? { en: '', zh: '' } } }, 'form.title')}
      />
      <LabelProps
        en={t('formDesign.props.descriptionEn')}
        zh={t('formDesign.props.descriptionZh')}
        value={design.description}
        optional
        multiline
        onChange={(v) => change({ type: 'form', patch: { description: v } }, 'form.description')}
      />
      <NumberProp
        label={t('formDesign.props.width')}
        value={design.width}
        min={360}
        max={1600}
        error={errors.width}
        onChange={(v) => change({ type: 'form', patch: { width: v } }, 'form.width')}
      />
    </>
  );
}

function ItemProperties({ item }: { item: FormItem }) {
  const { t } = useTranslation();
  const { design, change, errors } = useDesigner();
  const own = errorsUnder(errors, `items.${item.id}.`);
  const patch = useItemPatch(item.id);
  const span = (
    <NumberProp
      label={t('formDesign.props.span')}
      error={own.span}
      value={'span' in item ? item.span : undefined}
      min={1}
      max={24}
      onChange={(v) =>
        v === undefined
          ? patch({ span: undefined }, 'span')
          : change({ type: 'span', id: item.id, span: v }, `${item.id}:span`)
      }
    />
  );
  const hidden = 'hidden' in item || item.kind === 'section' || item.kind === 'field' || item.kind === 'table';
  const hiddenSwitch = hidden && (
    <SwitchProp
      label={t('formDesign.props.hidden')}
      value={'hidden' in item && item.hidden === true}
      onChange={(v) => patch({ hidden: v || undefined }, 'hidden')}
    />
  );
  switch (item.kind) {
    case 'field':
      return (
        <>
          {design.entity === undefined ? <OwnFieldProperties item={item} /> : <BoundFieldProperties item={item} />}
          {own.name && (
            <Prop label={t('formDesign.props.name')} error={own.name}>
              {item.name}
            </Prop>
          )}
          {span}
          {hiddenSwitch}
        </>
      );
    case 'table':
      return (
        <>
          {own.name && (
            <Prop label={t('formDesign.props.tableName')} error={own.name}>
              {item.name}
            </Prop>
          )}
          {design.entity === undefined && <TableProperties name={item.name} />}
          {span}
          {hiddenSwitch}
        </>
      );
    case 'section':
      return (
        <>
          <LabelProps
            en={t('formDesign.props.sectionTitleEn')}
            zh={t('formDesign.props.sectionTitleZh')}
            value={item.title}
            onChange={(v) => patch({ title: v ?? { en: '', zh: '' } }, 'title')}
          />
          {hiddenSwitch}
        </>
      );
    case 'tabs':
      return <TabsProperties item={item} />;
    case 'columns':
      return <ColumnsProperties item={item} />;
    case 'divider':
      return (
        <LabelProps
          en={t('formDesign.props.dividerTitleEn')}
          zh={t('formDesign.props.dividerTitleZh')}
          value={item.title}
          optional
          onChange={(v) => patch({ title: v }, 'title')}
        />
      );
    case 'text':
      return (
        <>
          <LabelProps
            en={t('formDesign.props.textEn')}
            zh={t('formDesign.props.textZh')}
            value={item.text}
            multiline
            onChange={(v) => patch({ text: v ?? { en: '', zh: '' } }, 'text')}
          />
          {span}
        </>
      );
  }
}

type FieldItem = FormItem & { kind: 'field' };

function ItemTexts({ item, withLabel }: { item: FieldItem; withLabel: boolean }) {
  const { t } = useTranslation();
  const patch = useItemPatch(item.id);
  return (
    <>
      {withLabel && (
        <LabelProps
          en={t('formDesign.props.labelEn')}
          zh={t('formDesign.props.labelZh')}
          value={item.label}
          optional
          onChange={(v) => patch({ label: v }, 'label')}
        />
      )}
      <LabelProps
        en={t('formDesign.props.placeholderEn')}
        zh={t('formDesign.props.placeholderZh')}
        value={item.placeholder}
        optional
        onChange={(v) => patch({ placeholder: v }, 'placeholder')}
      />
      {withLabel && (
        <LabelProps
          en={t('formDesign.props.helpEn')}
          zh={t('formDesign.props.helpZh')}
          value={item.help}
          optional
          onChange={(v) => patch({ help: v }, 'help')}
        />
      )}
    </>
  );
}

function OwnFieldProperties({ item }: { item: FieldItem }) {
  const { design, change, errors } = useDesigner();
  const i = design.fields.findIndex((f) => f.name === item.name);
  const field = design.fields[i];
  if (!field) return null;
  return (
    <>
      <FieldProperties
        field={field}
        errors={errorsUnder(errors, `fields.${i}.`)}
        onChange={(p, key) => change({ type: 'field', name: field.name, patch: p }, `${item.id}:${key}`)}
      />
      <ItemTexts item={item} withLabel={false} />
    </>
  );
}

function BoundFieldProperties({ item }: { item: FieldItem }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { design, entity } = useDesigner();
  const meta = entity?.fields.find((f) => f.name === item.name);
  const patch = useItemPatch(item.id);
  return (
    <>
      <Hint>{`${t('formDesign.props.entityField', { entity: design.entity })} — ${meta?.label[lang] ?? item.name} (${item.name})`}</Hint>
      <ItemTexts item={item} withLabel />
      <Space size={16}>
        <TightenSwitch
          label={t('formDesign.props.required')}
          value={item.required === true || meta?.required === true}
          onChange={(v) => patch({ required: v }, 'required')}
        />
        <TightenSwitch
          label={t('formDesign.props.readOnly')}
          value={item.readOnly === true || meta?.readOnly === true}
          onChange={(v) => patch({ readOnly: v }, 'readOnly')}
        />
      </Space>
    </>
  );
}
