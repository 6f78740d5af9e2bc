import type { PageLabel, PageNode } from '@trestle/shared';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarBlock } from './CalendarBlock.tsx';
import { ChartBlock } from './ChartBlock.tsx';
import { ColumnsBlock } from './ColumnsBlock.tsx';
import type { BlockViewProps } from './contract.ts';
import { DashboardBlock } from './DashboardBlock.tsx';
import { DetailsBlock } from './DetailsBlock.tsx';
import { BlockFrame } from './entity-block.tsx';
import { FormBlock } from './FormBlock.tsx';
import { GridBlock } from './GridBlock.tsx';
import { IframeBlock } from './IframeBlock.tsx';
import { ImageBlock } from './ImageBlock.tsx';
import { KanbanBlock } from './KanbanBlock.tsx';
import { KpiBlock } from './KpiBlock.tsx';
import { LinksBlock } from './LinksBlock.tsx';
import { PageProvider, useOptionalPage } from './page-context.tsx';
import { textOf } from './page-wheres.ts';
import { RichTextBlock } from './RichTextBlock.tsx';
import { SectionBlock } from './SectionBlock.tsx';
import { TabsBlock } from './TabsBlock.tsx';
import { TreeBlock } from './TreeBlock.tsx';

/**
 * One block of a page, drawn by its kind. Inside a PageRenderer it shares the page's filters and selection; drawn
 * alone (the designer's canvas) it makes a page of its own unless the caller wraps its blocks in a PageProvider.
 */
export function BlockView(props: BlockViewProps) {
  const page = useOptionalPage();
  if (page) return <Block {...props} />;
  return (
    <PageProvider nodes={props.nodes} pageId={props.pageId} mode={props.mode} charts={props.charts}>
      <Block {...props} />
    </PageProvider>
  );
}

function Block({ node, nodes, pageId, mode, charts, renderChild }: BlockViewProps) {
  const { i18n } = useTranslation();
  const child =
    renderChild ?? ((c: PageNode) => <BlockView node={c} nodes={nodes} pageId={pageId} mode={mode} charts={charts} />);
  const title = textOf((node.props as { title?: PageLabel }).title, i18n.language);
  const framed = (content: ReactNode) => (
    <BlockFrame uid={node.uid} title={title}>
      {content}
    </BlockFrame>
  );
  const layout = (content: ReactNode) => (
    <div data-testid={`block-${node.uid}`} style={{ height: '100%', overflow: 'auto' }}>
      {content}
    </div>
  );
  switch (node.type) {
    case 'grid':
      return framed(<GridBlock uid={node.uid} props={node.props} />);
    case 'details':
      return framed(<DetailsBlock uid={node.uid} props={node.props} />);
    case 'form':
      return framed(<FormBlock props={node.props} />);
    case 'chart':
      return framed(<ChartBlock uid={node.uid} props={node.props} h={node.h} />);
    case 'dashboard':
      return framed(<DashboardBlock props={node.props} />);
    case 'kpi':
      return framed(<KpiBlock uid={node.uid} props={node.props} />);
    case 'kanban':
      return framed(<KanbanBlock uid={node.uid} props={node.props} />);
    case 'calendar':
      return framed(<CalendarBlock uid={node.uid} props={node.props} />);
    case 'tree':
      return framed(<TreeBlock uid={node.uid} props={node.props} />);
    case 'richText':
      return framed(<RichTextBlock props={node.props} />);
    case 'image':
      return layout(<ImageBlock props={node.props} />);
    case 'links':
      return framed(<LinksBlock props={node.props} />);
    case 'iframe':
      return framed(<IframeBlock props={node.props} />);
    case 'tabs':
      return layout(<TabsBlock uid={node.uid} props={node.props} nodes={nodes} renderChild={child} />);
    case 'columns':
      return layout(<ColumnsBlock uid={node.uid} props={node.props} nodes={nodes} renderChild={child} />);
    case 'section':
      return layout(<SectionBlock uid={node.uid} props={node.props} nodes={nodes} renderChild={child} />);
    default:
      return <UnknownBlock type={node.type} />;
  }
}

function UnknownBlock({ type }: { type: string }) {
  const { t } = useTranslation();
  return <Alert type="warning" showIcon title={t('pageBlocks.unknownBlock', { type })} />;
}
