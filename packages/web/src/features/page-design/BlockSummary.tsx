import { type BlockProps, isEntityBlock, langOf, type PageNode } from '@trestle/shared';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyRichTextView } from '../../components/rich-text/LazyRichText.tsx';
import { useDesigner } from './designer-context.ts';

/**
 * A block in short on the canvas: what it reads and shows. The rows themselves are the preview's (it asks the
 * entities' routes; the canvas asks nothing while blocks are moved about).
 */
export function BlockSummary({ node }: { node: PageNode }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { metas, nodes, nameOf } = useDesigner();
  const line = (text: string) => (
    <Typography.Paragraph type="secondary" style={{ margin: 0 }} ellipsis={{ rows: 2 }}>
      {text}
    </Typography.Paragraph>
  );
  if (isEntityBlock(node.type)) {
    const props = node.props as { entity: string; link: { block: string } | null; columns?: unknown };
    const meta = metas.get(props.entity);
    const linked = props.link ? nodes.find((n) => n.uid === props.link?.block) : undefined;
    return (
      <>
        {line(`${t('pageDesign.prop.entity')}: ${meta?.label[lang] ?? props.entity}`)}
        {linked && line(t('pageDesign.summary.linked', { name: nameOf(linked) }))}
      </>
    );
  }
  switch (node.type) {
    case 'form':
      return line(`${t('pageDesign.block.form')} #${(node.props as BlockProps<'form'>).formId}`);
    case 'chart':
      return line(`${t('pageDesign.block.chart')} #${(node.props as BlockProps<'chart'>).chartId}`);
    case 'dashboard':
      return line(`${t('pageDesign.block.dashboard')} #${(node.props as BlockProps<'dashboard'>).dashboardId}`);
    case 'richText':
      return <LazyRichTextView value={(node.props as BlockProps<'richText'>).html} />;
    case 'image':
      return line((node.props as BlockProps<'image'>).src);
    case 'iframe':
      return line((node.props as BlockProps<'iframe'>).url);
    case 'links':
      return line(
        (node.props as BlockProps<'links'>).items.map((i) => i.title[lang] || i.url).join(' · ') ||
          t('pageDesign.summary.noLinks'),
      );
    default:
      return null;
  }
}
