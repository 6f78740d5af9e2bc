import { childrenOf, type PageNode } from '@trestle/shared';
import { Flex, Grid } from 'antd';
import type { ReactNode } from 'react';
import { gridStyle, ROW_HEIGHT, tileHeight, tilePlace } from '../grid-layout/grid.ts';

type Props = {
  nodes: readonly PageNode[];
  parent: string;
  slot: string;
  render: (child: PageNode) => ReactNode;
};

/**
 * The blocks of one slot of a container on the page's 24-column grid, as the designer places them; stacked in
 * reading order on a narrow screen. Unlike a dashboard's tiles, a row is at least its designed height and grows
 * with what its blocks hold: a list with more rows than the designer's sample keeps its pager in view, not
 * hidden behind a scroll bar of its own.
 */
const pageGridStyle = { ...gridStyle, gridAutoRows: `minmax(${ROW_HEIGHT}px, auto)` };
export function SlotGrid({ nodes, parent, slot, render }: Props) {
  const wide = Grid.useBreakpoint().md !== false;
  const children = childrenOf(nodes, parent, slot);
  if (!wide)
    return (
      <Flex vertical gap={8}>
        {children.map((child) => (
          <div key={child.uid} style={{ minHeight: tileHeight(child.h) }}>
            {render(child)}
          </div>
        ))}
      </Flex>
    );
  return (
    <div style={pageGridStyle}>
      {children.map((child) => (
        <div key={child.uid} style={tilePlace(child)}>
          {render(child)}
        </div>
      ))}
    </div>
  );
}
