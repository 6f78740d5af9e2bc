import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type BlockProps, childrenOf, type PageNode } from '@trestle/shared';
import { Button, InputNumber, Space, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context.ts';
import { LabelInputs, Setting } from './inputs.tsx';

type Props = { node: PageNode; problems: Record<string, string> };

/** A new slot's key: a prefix and the first number not used (slot keys are where children sit). */
const nextKey = (taken: readonly { key: string }[], prefix: string) => {
  let n = 1;
  while (taken.some((k) => k.key === `${prefix}${n}`)) n++;
  return `${prefix}${n}`;
};

/** The settings of tabs, columns and sections: their slots and titles. A slot holding blocks is not removed. */
export function LayoutProps({ node, problems }: Props) {
  const { t } = useTranslation();
  const designer = useDesigner();
  const disabled = designer.readOnly;
  const set = (patch: Record<string, unknown>) => designer.setProps(node.uid, patch);
  const holds = (slot: string) => childrenOf(designer.nodes, node.uid, slot).length > 0;
  const removeButton = (slot: string, label: string, onClick: () => void, last: boolean) => (
    <Tooltip title={holds(slot) ? t('pageDesign.slotHoldsBlocks') : undefined}>
      <Button
        icon={<DeleteOutlined />}
        aria-label={label}
        disabled={disabled || holds(slot) || last}
        onClick={onClick}
      />
    </Tooltip>
  );

  if (node.type === 'tabs') {
    const tabs = (node.props as BlockProps<'tabs'>).tabs;
    return (
      <Setting label={t('pageDesign.prop.tabs')} path="props.tabs" problems={problems}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {tabs.map((tab, i) => (
            <Space.Compact key={tab.key} style={{ width: '100%' }}>
              <LabelInputs
                label={`${t('pageDesign.prop.tab')} ${i + 1}`}
                value={tab.title}
                disabled={disabled}
                onChange={(title) => set({ tabs: tabs.map((x) => (x.key === tab.key ? { ...x, title } : x)) })}
              />
              {removeButton(
                tab.key,
                `${t('pageDesign.removeTab')} ${i + 1}`,
                () => set({ tabs: tabs.filter((x) => x.key !== tab.key) }),
                tabs.length === 1,
              )}
            </Space.Compact>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={disabled || tabs.length >= 12}
            onClick={() => {
              const n = tabs.length + 1;
              set({ tabs: [...tabs, { key: nextKey(tabs, 'tab'), title: { en: `Tab ${n}`, zh: `标签 ${n}` } }] });
            }}
          >
            {t('pageDesign.addTab')}
          </Button>
        </Space>
      </Setting>
    );
  }
  if (node.type === 'columns') {
    const columns = (node.props as BlockProps<'columns'>).columns;
    const total = columns.reduce((s, c) => s + c.span, 0);
    return (
      <Setting label={t('pageDesign.prop.columnSpans', { total })} path="props.columns" problems={problems}>
        <Space wrap>
          {columns.map((c, i) => (
            <Space.Compact key={c.key}>
              <InputNumber
                aria-label={`${t('pageDesign.prop.columnSpan')} ${i + 1}`}
                min={1}
                max={24}
                precision={0}
                disabled={disabled}
                value={c.span}
                onChange={(v) =>
                  typeof v === 'number' &&
                  set({ columns: columns.map((x) => (x.key === c.key ? { ...x, span: v } : x)) })
                }
                style={{ width: 70 }}
              />
              {removeButton(
                c.key,
                `${t('pageDesign.removeColumn')} ${i + 1}`,
                () => set({ columns: columns.filter((x) => x.key !== c.key) }),
                columns.length === 1,
              )}
            </Space.Compact>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={disabled || columns.length >= 6 || total >= 24}
            onClick={() =>
              set({ columns: [...columns, { key: nextKey(columns, 'col'), span: Math.max(1, 24 - total) }] })
            }
          >
            {t('pageDesign.addColumn')}
          </Button>
        </Space>
      </Setting>
    );
  }
  if (node.type === 'section') {
    const props = node.props as BlockProps<'section'>;
    return (
      <>
        <Setting label={t('pageDesign.prop.title')} path="props.title" problems={problems}>
          <LabelInputs
            label={t('pageDesign.prop.title')}
            value={props.title}
            disabled={disabled}
            onChange={(title) => set({ title })}
          />
        </Setting>
        <Setting label={t('pageDesign.prop.collapsed')} path="props.collapsed" problems={problems}>
          <Switch
            aria-label={t('pageDesign.prop.collapsed')}
            disabled={disabled}
            checked={props.collapsed}
            onChange={(collapsed) => set({ collapsed })}
          />
        </Setting>
      </>
    );
  }
  return null;
}
