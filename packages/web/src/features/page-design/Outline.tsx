import { type BlockProps, type BlockType, childrenOf, langOf, type PageNode, ROOT_UID, slotsOf } from '@trestle/shared';
import { Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './designer-context.ts';

/** The page's nodes as a tree: each container's slots and the blocks in them, in reading order. Click to select. */
export function Outline() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const designer = useDesigner();
  // A slot as the designer names it: a tab's title, a column's place.
  const slotTitle = (node: PageNode, slot: string) => {
    if (node.type === 'tabs') {
      const tab = (node.props as BlockProps<'tabs'>).tabs.find((x) => x.key === slot);
      return tab?.title[lang] || slot;
    }
    if (node.type === 'columns')
      return t('pageDesign.columnN', {
        n: (node.props as BlockProps<'columns'>).columns.findIndex((c) => c.key === slot) + 1,
      });
    return slot;
  };
  const { nodes } = designer;

  const blockOf = (node: PageNode): DataNode => {
    const slots = slotsOf(node.type as BlockType, node.props);
    const inSlot = (slot: string) => childrenOf(nodes, node.uid, slot).map(blockOf);
    return {
      key: node.uid,
      title: `${t(`pageDesign.block.${node.type}`)}: ${designer.nameOf(node)}`,
      children:
        slots.length > 1
          ? slots.map((slot) => ({
              key: `${node.uid}/${slot}`,
              title: slotTitle(node, slot),
              selectable: false,
              children: inSlot(slot),
            }))
          : slots.length === 1
            ? inSlot(slots[0] ?? '')
            : undefined,
    };
  };
  const root = nodes.find((n) => n.uid === ROOT_UID);
  if (!root) return null;
  const tree: DataNode[] = [{ ...blockOf(root), title: t('pageDesign.thePage') }];

  return (
    <nav aria-label={t('pageDesign.outline')}>
      <Tree
        // A block added shows opened in the outline too.
        key={nodes.length}
        blockNode
        defaultExpandAll
        treeData={tree}
        selectedKeys={[designer.selected ?? ROOT_UID]}
        onSelect={(keys) => {
          const key = keys[0];
          if (typeof key === 'string') designer.select(key === ROOT_UID ? null : key);
        }}
      />
    </nav>
  );
}
