import type { BlockProps, PageNode } from '@trestle/shared';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf } from './page-wheres.ts';
import { SlotGrid } from './SlotGrid.tsx';

type Props = {
  uid: string;
  props: BlockProps<'tabs'>;
  nodes: readonly PageNode[];
  renderChild: (child: PageNode) => ReactNode;
};

/** Tabs, each a slot of blocks; a tab's blocks are drawn (and read) once it is opened. */
export function TabsBlock({ uid, props, nodes, renderChild }: Props) {
  const { i18n } = useTranslation();
  return (
    <Tabs
      size="small"
      destroyOnHidden={false}
      items={props.tabs.map((tab) => ({
        key: tab.key,
        label: textOf(tab.title, i18n.language),
        children: <SlotGrid nodes={nodes} parent={uid} slot={tab.key} render={renderChild} />,
      }))}
    />
  );
}
