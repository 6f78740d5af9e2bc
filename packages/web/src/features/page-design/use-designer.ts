import { type BlockType, isEntityBlock, langOf, type PageDetail, type PageNode } from '@trestle/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Designer } from './designer-context.ts';
import { moveToSlot, newBlock, placeNode, readyMade, removeNode, type SlotRef } from './page-model.ts';
import { usePageChecks } from './use-page-checks.ts';
import { usePageDraft } from './use-page-draft.ts';

type Kind = Exclude<BlockType, 'page'>;
/** A block waiting for its choices (the add dialog) before it can be added. */
export type Adding = { type: Kind; at: SlotRef; where?: { x: number; y: number } };

/** The designer's state and edits, put together for its parts (DesignerContext). */
export function useDesigner(loaded: PageDetail, readOnly: boolean) {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const draft = usePageDraft(loaded);
  const { problems, metas } = usePageChecks(draft.nodes, draft.problems);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState<Adding | null>(null);
  const change = draft.change;

  const insert = (a: Adding, choices: Record<string, unknown> = {}) => {
    let uid = '';
    change((nodes) => {
      const node = newBlock(nodes, a.type, a.at, choices, a.where);
      uid = node.uid;
      // Dropped where others are: they make room below it, as when a block is moved there.
      return a.where ? placeNode([...nodes, node], node.uid, node) : [...nodes, node];
    });
    setSelected(uid);
    setAdding(null);
  };

  // Made anew each render: every part reads the draft as it is now.
  const designer: Designer = {
    nodes: draft.nodes,
    selected,
    problems,
    metas,
    readOnly,
    select: setSelected,
    add: (type, at, where) => {
      if (readOnly) return;
      const a = { type, at, ...(where ? { where } : {}) };
      if (readyMade(type)) insert(a);
      else setAdding(a);
    },
    place: (uid, rect) => !readOnly && change((nodes) => placeNode(nodes, uid, rect)),
    moveTo: (uid, to) => !readOnly && change((nodes) => moveToSlot(nodes, uid, to)),
    remove: (uid) => {
      if (readOnly) return;
      change((nodes) => removeNode(nodes, uid));
      setSelected((s) => (s === uid ? null : s));
    },
    setProps: (uid, patch) =>
      !readOnly &&
      change((nodes) =>
        nodes.map((n) => (n.uid === uid ? ({ ...n, props: { ...n.props, ...patch } } as PageNode) : n)),
      ),
    nameOf: (node) => {
      const props = node.props as { title?: { en: string; zh: string }; entity?: string };
      const title = props.title?.[lang] || props.title?.en;
      if (title) return title;
      if (isEntityBlock(node.type) && props.entity) return metas.get(props.entity)?.label[lang] ?? props.entity;
      return node.uid;
    },
  };

  return { designer, draft, adding, setAdding, insert };
}
