import { type BlockType, langOf } from '@trestle/shared';
import { Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import {
  dateField,
  dictField,
  type FieldTest,
  fieldOptions,
  firstField,
  selfReference,
  titleField,
} from './field-options.ts';
import { PictureInput } from './inputs.tsx';
import { useBiList, useEntityMeta, usePageEntities, usePublishedForms } from './page-design-api.ts';

type Kind = Exclude<BlockType, 'page'>;
type Choices = Record<string, unknown>;

/** The fields a kind needs chosen before it can be added, and which of the entity's fields may fill each. */
const fieldsNeeded: Partial<Record<Kind, [string, FieldTest][]>> = {
  kanban: [
    ['groupField', dictField],
    ['titleField', titleField],
  ],
  calendar: [
    ['dateField', dateField],
    ['titleField', titleField],
  ],
  tree: [
    ['parentField', selfReference],
    ['titleField', titleField],
  ],
};
const entityKinds: readonly Kind[] = ['grid', 'details', 'kpi', 'kanban', 'calendar', 'tree'];

/**
 * What a block needs before it is a block: its entity (and a kanban's lanes, a calendar's date, a tree's parent
 * field), its form, chart or dashboard, its picture's or page's address. The server keeps only whole blocks.
 */
export function AddBlockDialog({ type, onCancel, onAdd }: { type: Kind; onCancel(): void; onAdd(c: Choices): void }) {
  const { t, i18n } = useTranslation();
  const entities = usePageEntities();
  const [choices, setChoices] = useState<Choices>({});
  const entity = typeof choices.entity === 'string' ? choices.entity : undefined;
  const meta = useEntityMeta(entityKinds.includes(type) ? entity : undefined);
  const forms = usePublishedForms(type === 'form');
  const charts = useBiList('charts', type === 'chart');
  const dashboards = useBiList('dashboards', type === 'dashboard');
  const needed = fieldsNeeded[type] ?? [];
  const set = (key: string, value: unknown) => setChoices((c) => ({ ...c, [key]: value }));

  // An entity chosen: its likeliest fields chosen too, to change if need be.
  useEffect(() => {
    if (!meta.data) return;
    const data = meta.data;
    setChoices((c) => ({
      ...c,
      ...Object.fromEntries((fieldsNeeded[type] ?? []).map(([key, test]) => [key, c[key] ?? firstField(data, test)])),
    }));
  }, [meta.data, type]);

  const missing =
    (entityKinds.includes(type) && !entity) ||
    needed.some(([key]) => !choices[key]) ||
    (type === 'form' && !choices.formId) ||
    (type === 'chart' && !choices.chartId) ||
    (type === 'dashboard' && !choices.dashboardId) ||
    (type === 'image' && !choices.src) ||
    (type === 'iframe' && !choices.url);

  const pick = (key: string, label: string, options: { value: string | number; label: string }[], loading = false) => (
    <Form.Item key={key} label={label} required>
      <Select
        aria-label={label}
        showSearch
        optionFilterProp="label"
        loading={loading}
        value={choices[key] as string | number | undefined}
        options={options}
        onChange={(v) => set(key, v)}
        notFoundContent={t('pageDesign.nothingToChoose')}
      />
    </Form.Item>
  );
  const text = (key: string, label: string, placeholder: string) => (
    <Form.Item label={label} required>
      <Input
        aria-label={label}
        placeholder={placeholder}
        value={(choices[key] as string | undefined) ?? ''}
        onChange={(e) => set(key, e.target.value.trim())}
      />
    </Form.Item>
  );

  return (
    <AppModal
      open
      title={t('pageDesign.addTitle', { type: t(`pageDesign.block.${type}`) })}
      okText={t('pageDesign.add')}
      okButtonProps={{ disabled: missing }}
      onOk={() => onAdd(choices)}
      onCancel={onCancel}
    >
      <Form layout="vertical">
        {entityKinds.includes(type) &&
          pick(
            'entity',
            t('pageDesign.prop.entity'),
            entities.map((e) => ({ value: e.name, label: `${e.label} (${e.name})` })),
          )}
        {needed.map(([key, test]) =>
          pick(key, t(`pageDesign.prop.${key}`), fieldOptions(meta.data, i18n.language, test), meta.isFetching),
        )}
        {type === 'form' &&
          pick(
            'formId',
            t('pageDesign.prop.formId'),
            (forms.data ?? []).map((f) => ({ value: f.id, label: f.title[langOf(i18n.language)] || f.title.en })),
            forms.isFetching,
          )}
        {type === 'chart' &&
          pick(
            'chartId',
            t('pageDesign.prop.chartId'),
            (charts.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          )}
        {type === 'dashboard' &&
          pick(
            'dashboardId',
            t('pageDesign.prop.dashboardId'),
            (dashboards.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          )}
        {type === 'image' && (
          <Form.Item label={t('pageDesign.prop.src')} required>
            <PictureInput value={String(choices.src ?? '')} onChange={(src) => set('src', src)} />
          </Form.Item>
        )}
        {type === 'iframe' && text('url', t('pageDesign.prop.url'), 'https://…')}
      </Form>
    </AppModal>
  );
}
