import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type FormDesign, type FormItem, type FormTable, langOf } from '@trestle/shared';
import { Button, Collapse, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { patched } from './design-changes.ts';
import { errorsUnder } from './design-errors.ts';
import { freshId } from './design-pieces.ts';
import { useDesigner, useItemPatch } from './designer-context.ts';
import { FieldProperties } from './FieldProperties.tsx';
import { LabelProps, NumberProp, Prop, TextProp } from './inputs.tsx';

const TABLE_NAME = /^[A-Z][A-Za-z0-9]{0,49}$/;

/** A standalone form's sub-table: its name, label, least and most lines, and its own fields. */
export function TableProperties({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { design, change, errors } = useDesigner();
  const i = design.tables.findIndex((x) => x.name === name);
  const table = design.tables[i];
  if (!table) return null;
  const own = errorsUnder(errors, `tables.${i}.`);
  const set = (p: Partial<Record<keyof FormTable, unknown>>, key: string) =>
    change({ type: 'table', name, patch: p }, `table:${i}:${key}`);
  const setFields = (fields: FormTable['fields'], key: string) => set({ fields }, key);
  const taken = new Set(table.fields.map((f) => f.name));
  let n = table.fields.length + 1;
  while (taken.has(`field${n}`)) n++;
  return (
    <>
      <TextProp
        label={t('formDesign.props.tableName')}
        value={table.name}
        error={TABLE_NAME.test(table.name) ? own.name : t('formDesign.props.tableNameHint')}
        onChange={(v) => set({ name: v }, 'name')}
      />
      <LabelProps
        en={t('formDesign.props.labelEn')}
        zh={t('formDesign.props.labelZh')}
        value={table.label}
        errors={errorsUnder(own, 'label.')}
        onChange={(v) => set({ label: v ?? { en: '', zh: '' } }, 'label')}
      />
      <Space>
        <NumberProp
          label={t('formDesign.props.minRows')}
          value={table.minRows}
          min={0}
          max={500}
          error={own.minRows}
          onChange={(v) => set({ minRows: v }, 'minRows')}
        />
        <NumberProp
          label={t('formDesign.props.maxRows')}
          value={table.maxRows}
          min={1}
          max={500}
          error={own.maxRows}
          onChange={(v) => set({ maxRows: v }, 'maxRows')}
        />
      </Space>
      <Prop label={t('formDesign.props.tableFields')} error={own.fields}>
        <Collapse
          size="small"
          items={table.fields.map((f, j) => ({
            key: `${j}`,
            label: `${t('formDesign.props.tableField', { n: j + 1 })} — ${f.label[lang] || f.name}`,
            extra: (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                disabled={table.fields.length <= 1}
                aria-label={t('formDesign.props.removeTableField', { n: j + 1 })}
                onClick={(e) => {
                  e.stopPropagation();
                  setFields(
                    table.fields.filter((_, k) => k !== j),
                    'fields-remove',
                  );
                }}
              />
            ),
            children: (
              <fieldset
                aria-label={t('formDesign.props.tableField', { n: j + 1 })}
                style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
              >
                <FieldProperties
                  field={f}
                  errors={errorsUnder(own, `fields.${j}.`)}
                  onChange={(p, key) =>
                    setFields(
                      table.fields.map((x, k) => (k === j ? patched(x, p) : x)),
                      `fields.${j}.${key}`,
                    )
                  }
                />
              </fieldset>
            ),
          }))}
        />
        <Button
          size="small"
          icon={<PlusOutlined />}
          style={{ marginTop: 6 }}
          onClick={() =>
            setFields(
              [...table.fields, { name: `field${n}`, type: 'string', label: { en: `Field ${n}`, zh: `字段 ${n}` } }],
              'fields-add',
            )
          }
        >
          {t('formDesign.props.addTableField')}
        </Button>
      </Prop>
    </>
  );
}

export function TabsProperties({ item }: { item: FormItem & { kind: 'tabs' } }) {
  const { t } = useTranslation();
  const { design } = useDesigner();
  const patch = useItemPatch(item.id);
  const setTabs = (tabs: typeof item.tabs, key: string) => patch({ tabs }, key);
  return (
    <>
      {item.tabs.map((tab, i) => (
        <div key={tab.id}>
          <LabelProps
            en={t('formDesign.props.tabTitleEn', { n: i + 1 })}
            zh={t('formDesign.props.tabTitleZh', { n: i + 1 })}
            value={tab.title}
            onChange={(v) =>
              setTabs(
                item.tabs.map((x) => (x.id === tab.id ? { ...x, title: v ?? { en: '', zh: '' } } : x)),
                `tab.${i}`,
              )
            }
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={item.tabs.length <= 1}
            style={{ marginBottom: 12 }}
            onClick={() =>
              setTabs(
                item.tabs.filter((x) => x.id !== tab.id),
                'tab-remove',
              )
            }
          >
            {t('formDesign.props.removeTab', { n: i + 1 })}
          </Button>
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={item.tabs.length >= 20}
        onClick={() => setTabs([...item.tabs, newTab(design, item.tabs.length + 1)], 'tab-add')}
      >
        {t('formDesign.props.addTab')}
      </Button>
    </>
  );
}

const newTab = (design: FormDesign, n: number) => ({
  id: freshId(design, 'tab'),
  title: { en: `Tab ${n}`, zh: `标签 ${n}` },
  items: [],
});

export function ColumnsProperties({ item }: { item: FormItem & { kind: 'columns' } }) {
  const { t } = useTranslation();
  const { design } = useDesigner();
  const patch = useItemPatch(item.id);
  const setColumns = (columns: typeof item.columns, key: string) => patch({ columns }, key);
  return (
    <>
      {item.columns.map((col, i) => (
        <Space key={col.id} align="end">
          <NumberProp
            label={t('formDesign.props.columnSpan', { n: i + 1 })}
            value={col.span}
            min={1}
            max={24}
            onChange={(v) =>
              setColumns(
                item.columns.map((x) => (x.id === col.id ? { ...x, span: v ?? 12 } : x)),
                `col.${i}`,
              )
            }
          />
          <Button
            danger
            icon={<DeleteOutlined />}
            aria-label={t('formDesign.props.removeColumn', { n: i + 1 })}
            disabled={item.columns.length <= 1}
            style={{ marginBottom: 10 }}
            onClick={() =>
              setColumns(
                item.columns.filter((x) => x.id !== col.id),
                'col-remove',
              )
            }
          />
        </Space>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={item.columns.length >= 4}
        onClick={() => setColumns([...item.columns, { id: freshId(design, 'col'), span: 6, items: [] }], 'col-add')}
      >
        {t('formDesign.props.addColumn')}
      </Button>
    </>
  );
}
