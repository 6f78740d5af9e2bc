import type { BlockProps, PageNode } from '@trestle/shared';
import { Collapse } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf } from './page-wheres.ts';
import { SlotGrid } from './SlotGrid.tsx';

type Props = {
  uid: string;
  props: BlockProps<'section'>;
  nodes: readonly PageNode[];
  renderChild: (child: PageNode) => ReactNode;
};

/** A section that folds: its blocks under its title, open unless it starts collapsed. */
export function SectionBlock({ uid, props, nodes, renderChild }: Props) {
  const { i18n } = useTranslation();
  return (
    <Collapse
      size="small"
      defaultActiveKey={props.collapsed ? [] : ['body']}
      items={[
        {
          key: 'body',
          label: textOf(props.title, i18n.language),
          children: <SlotGrid nodes={nodes} parent={uid} slot="body" render={renderChild} />,
        },
      ]}
    />
  );
}
