import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type BlockProps, langOf, type PageLabel, type PageNode } from '@trestle/shared';
import { Button, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyRichTextEditor } from '../../components/rich-text/LazyRichText.tsx';
import { useDesigner } from './designer-context.ts';
import { LabelInputs, PictureInput, Setting } from './inputs.tsx';
import { useBiList, usePublishedForms } from './page-design-api.ts';

type Props = { node: PageNode; problems: Record<string, string> };

/** The settings of the blocks that read no entity: a form, a chart, a dashboard, and the static blocks. */
export function OtherProps({ node, problems }: Props) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const designer = useDesigner();
  const props = node.props as Record<string, unknown>;
  const set = (patch: Record<string, unknown>) => designer.setProps(node.uid, patch);
  const disabled = designer.readOnly;
  const forms = usePublishedForms(node.type === 'form');
  const charts = useBiList('charts', node.type === 'chart');
  const dashboards = useBiList('dashboards', node.type === 'dashboard');

  const title = (key = 'title') =>
    key in props && (
      <Setting label={t(`pageDesign.prop.${key}`)} path={`props.${key}`} problems={problems}>
        <LabelInputs
          label={t(`pageDesign.prop.${key}`)}
          value={props[key] as PageLabel}
          disabled={disabled}
          onChange={(v) => set({ [key]: v })}
        />
      </Setting>
    );
  const pick = (key: string, options: { value: number; label: string }[], loading: boolean) => (
    <Setting label={t(`pageDesign.prop.${key}`)} path={`props.${key}`} problems={problems}>
      <Select
        aria-label={t(`pageDesign.prop.${key}`)}
        showSearch
        optionFilterProp="label"
        loading={loading}
        disabled={disabled}
        value={props[key] as number}
        options={options}
        onChange={(v: number) => set({ [key]: v })}
      />
    </Setting>
  );
  const text = (key: string) => (
    <Setting label={t(`pageDesign.prop.${key}`)} path={`props.${key}`} problems={problems}>
      <Input
        aria-label={t(`pageDesign.prop.${key}`)}
        disabled={disabled}
        value={props[key] as string}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </Setting>
  );

  switch (node.type) {
    case 'form':
      return (
        <>
          {pick(
            'formId',
            (forms.data ?? []).map((f) => ({ value: f.id, label: f.title[lang] || f.title.en })),
            forms.isFetching,
          )}
          {title()}
        </>
      );
    case 'chart':
    case 'dashboard': {
      const list = node.type === 'chart' ? charts : dashboards;
      return (
        <>
          {pick(
            node.type === 'chart' ? 'chartId' : 'dashboardId',
            (list.data ?? []).map((c) => ({ value: c.id, label: c.name })),
            list.isFetching,
          )}
          {title()}
        </>
      );
    }
    case 'richText':
      return (
        <Setting label={t('pageDesign.prop.html')} path="props.html" problems={problems}>
          <LazyRichTextEditor
            aria-label={t('pageDesign.prop.html')}
            value={(props as BlockProps<'richText'>).html}
            onChange={(html) => set({ html })}
          />
        </Setting>
      );
    case 'image':
      return (
        <>
          <Setting label={t('pageDesign.prop.src')} path="props.src" problems={problems}>
            <PictureInput value={props.src as string} disabled={disabled} onChange={(src) => set({ src })} />
          </Setting>
          {title('alt')}
          <Setting label={t('pageDesign.prop.fit')} path="props.fit" problems={problems}>
            <Radio.Group
              disabled={disabled}
              value={props.fit}
              onChange={(e) => set({ fit: e.target.value })}
              options={[
                { value: 'contain', label: t('pageDesign.fit.contain') },
                { value: 'cover', label: t('pageDesign.fit.cover') },
              ]}
            />
          </Setting>
        </>
      );
    case 'iframe':
      return (
        <>
          {text('url')}
          {title()}
        </>
      );
    case 'links':
      return (
        <>
          {title()}
          <LinkItems node={node as PageNode & { props: BlockProps<'links'> }} problems={problems} />
        </>
      );
    default:
      return null;
  }
}

/** A links block's entries: a title in both languages and an address each. */
function LinkItems({
  node,
  problems,
}: {
  node: PageNode & { props: BlockProps<'links'> };
  problems: Record<string, string>;
}) {
  const { t } = useTranslation();
  const designer = useDesigner();
  const items = node.props.items;
  const set = (next: typeof items) => designer.setProps(node.uid, { items: next });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id of their own; their place is their key
        <Setting key={i} label={`${t('pageDesign.prop.link')} ${i + 1}`} path={`props.items.${i}`} problems={problems}>
          <LabelInputs
            label={`${t('pageDesign.prop.link')} ${i + 1}`}
            value={item.title}
            disabled={designer.readOnly}
            onChange={(title) => set(items.map((x, j) => (i === j ? { ...x, title } : x)))}
          />
          <Space.Compact style={{ width: '100%', marginTop: 4 }}>
            <Input
              aria-label={`${t('pageDesign.prop.url')} ${i + 1}`}
              disabled={designer.readOnly}
              value={item.url}
              placeholder="/Project · https://…"
              onChange={(e) => set(items.map((x, j) => (i === j ? { ...x, url: e.target.value } : x)))}
            />
            <Button
              icon={<DeleteOutlined />}
              disabled={designer.readOnly}
              aria-label={`${t('pageDesign.removeLink')} ${i + 1}`}
              onClick={() => set(items.filter((_, j) => j !== i))}
            />
          </Space.Compact>
        </Setting>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={designer.readOnly}
        onClick={() => set([...items, { title: { en: 'Link', zh: '链接' }, url: '/home' }])}
      >
        {t('pageDesign.addLink')}
      </Button>
    </Space>
  );
}
