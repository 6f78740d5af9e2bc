import { PlusOutlined, WarningFilled } from '@ant-design/icons';
import {
  type BlockProps,
  type BlockType,
  childrenOf,
  dataBlockTypes,
  langOf,
  layoutBlockTypes,
  type PageNode,
  staticBlockTypes,
} from '@trestle/shared';
import { Button, Dropdown, Flex, Tabs, Tooltip, Typography } from 'antd';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GridTile } from '../../components/grid-layout/GridTile.tsx';
import { GRID_COLUMNS, GRID_GAP, gridStyle, ROW_HEIGHT, tileHeight } from '../../components/grid-layout/grid.ts';
import { bottomOf } from '../../components/grid-layout/layout.ts';
import { type GridDrag, useGridDrag } from '../../components/grid-layout/use-grid-drag.ts';
import { BlockSummary } from './BlockSummary.tsx';
import { PALETTE_DRAG_TYPE, useDesigner } from './designer-context.ts';
import type { SlotRef } from './page-model.ts';
import { problemsOf } from './use-page-checks.ts';

const addable = [...dataBlockTypes, ...staticBlockTypes, ...layoutBlockTypes] as Exclude<BlockType, 'page'>[];

/** "Add block here": every kind of block, added to this slot. */
function AddHere({ at, label }: { at: SlotRef; label: string }) {
  const { t } = useTranslation();
  const designer = useDesigner();
  if (designer.readOnly) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: addable.map((type) => ({ key: type, label: t(`pageDesign.block.${type}`) })),
        onClick: ({ key }) => designer.add(key as Exclude<BlockType, 'page'>, at),
      }}
    >
      <Button size="small" type="dashed" icon={<PlusOutlined />} aria-label={label}>
        {t('pageDesign.addHere')}
      </Button>
    </Dropdown>
  );
}

/**
 * One slot of a container as a 24-column grid: its blocks in frames, moved by their title and resized by their
 * corner (or the arrow keys), a palette entry dropped where it lands, and "Add block here".
 */
export function SlotGrid({ at, label }: { at: SlotRef; label: string }) {
  const { t } = useTranslation();
  const designer = useDesigner();
  const drag = useGridDrag<HTMLElement>(designer.select, designer.place);
  const blocks = childrenOf(designer.nodes, at.parent, at.slot);

  const drop = (e: DragEvent<HTMLDivElement>) => {
    const type = e.dataTransfer.getData(PALETTE_DRAG_TYPE);
    if (!type || designer.readOnly) return;
    e.preventDefault();
    e.stopPropagation();
    const box = e.currentTarget.getBoundingClientRect();
    const column = box.width > 0 ? (box.width + GRID_GAP) / GRID_COLUMNS : 1;
    // A drop without a pointer's place (a synthetic one) lands at the top left.
    const cell = (at: number, from: number, size: number) => (Number.isFinite(at) ? Math.floor((at - from) / size) : 0);
    const x = Math.min(Math.max(cell(e.clientX, box.left, column), 0), GRID_COLUMNS - 1);
    const y = Math.max(cell(e.clientY, box.top, ROW_HEIGHT + GRID_GAP), 0);
    designer.add(type as Exclude<BlockType, 'page'>, at, { x, y });
  };

  return (
    <div>
      {/* A drop target for the palette's blocks (the keyboard adds them by "Add block here"). */}
      <section
        ref={drag.grid}
        aria-label={label}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes(PALETTE_DRAG_TYPE)) e.preventDefault();
        }}
        onDrop={drop}
        style={{
          ...gridStyle,
          minHeight: tileHeight(bottomOf(blocks) + 2),
          position: 'relative',
          outline: '1px dashed var(--ant-color-border, #d9d9d9)',
          borderRadius: 6,
          padding: 4,
        }}
      >
        {blocks.map((node) => (
          <BlockFrame key={node.uid} node={node} drag={drag} />
        ))}
      </section>
      <Flex justify="flex-start" style={{ marginTop: 4 }}>
        <AddHere at={at} label={`${t('pageDesign.addHere')}: ${label}`} />
      </Flex>
    </div>
  );
}

function BlockFrame({ node, drag }: { node: PageNode; drag: GridDrag }) {
  const { t } = useTranslation();
  const designer = useDesigner();
  const name = designer.nameOf(node);
  const type = t(`pageDesign.block.${node.type}`);
  const problems = Object.values(problemsOf(designer.problems, node.uid));
  const tile = { id: node.uid, x: node.x, y: node.y, w: node.w, h: node.h };
  return (
    <GridTile
      tile={tile}
      drag={drag}
      selected={designer.selected === node.uid}
      scroll
      title={
        <Typography.Text ellipsis>
          <Typography.Text type="secondary">{type}</Typography.Text> <strong>{name}</strong>
        </Typography.Text>
      }
      handleLabel={t('pageDesign.blockLabel', { type, name, x: node.x + 1, y: node.y + 1, w: node.w, h: node.h })}
      removeLabel={`${t('pageDesign.remove')}: ${name}`}
      resizeLabel={t('pageDesign.resize', { name })}
      onSelect={designer.select}
      onRemove={designer.remove}
      extra={
        problems.length > 0 && (
          <Tooltip title={problems.join('; ')}>
            <WarningFilled style={{ color: 'var(--ant-color-error, #ff4d4f)', marginInline: 4 }} />
          </Tooltip>
        )
      }
    >
      {problems.length > 0 && (
        <ul aria-label={t('pageDesign.blockProblems', { name })} style={{ margin: '0 0 4px', paddingInlineStart: 16 }}>
          {problems.map((p) => (
            <li key={p}>
              <Typography.Text type="danger">{p}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
      <BlockBody node={node} />
    </GridTile>
  );
}

/** What a frame shows: a container's slots as grids of their own, any other block's settings in short. */
function BlockBody({ node }: { node: PageNode }) {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const name = useDesigner().nameOf(node);
  if (node.type === 'tabs') {
    const props = node.props as BlockProps<'tabs'>;
    return (
      <Tabs
        size="small"
        items={props.tabs.map((tab) => ({
          key: tab.key,
          label: tab.title[lang] || tab.key,
          children: (
            <SlotGrid at={{ parent: node.uid, slot: tab.key }} label={`${name} / ${tab.title[lang] || tab.key}`} />
          ),
        }))}
      />
    );
  }
  if (node.type === 'columns') {
    const props = node.props as BlockProps<'columns'>;
    return (
      <Flex gap={8} align="flex-start">
        {props.columns.map((c, i) => (
          <div key={c.key} style={{ flex: `${c.span} 1 0`, minWidth: 0 }}>
            <SlotGrid at={{ parent: node.uid, slot: c.key }} label={`${name} / ${i + 1}`} />
          </div>
        ))}
      </Flex>
    );
  }
  if (node.type === 'section') return <SlotGrid at={{ parent: node.uid, slot: 'body' }} label={name} />;
  return <BlockSummary node={node} />;
}
