import type { BlockProps, PageNode } from '@trestle/shared';
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { SlotGrid } from './SlotGrid.tsx';

type Props = {
  uid: string;
  props: BlockProps<'columns'>;
  nodes: readonly PageNode[];
  renderChild: (child: PageNode) => ReactNode;
};

/** Columns side by side, each a slot of blocks, by their spans of 24 (stacked on a narrow screen). */
export function ColumnsBlock({ uid, props, nodes, renderChild }: Props) {
  return (
    <Row gutter={8}>
      {props.columns.map((column) => (
        <Col key={column.key} xs={24} md={column.span}>
          <SlotGrid nodes={nodes} parent={uid} slot={column.key} render={renderChild} />
        </Col>
      ))}
    </Row>
  );
}
