import type { PageNode } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { root, textBlock } from './page-design.test-kit.ts';
import { moveToSlot, newBlock, opsFor, placeNode, ROOT_SLOT, readyMade, removeNode } from './page-model.ts';

const section = (uid: string): PageNode =>
  ({ ...textBlock(uid), type: 'section', props: { title: { en: 'S', zh: 'S' }, collapsed: false } }) as PageNode;

describe('the designer’s page', () => {
  it('places a new block in the first free place of its slot, with its kind’s defaults', () => {
    const nodes = [root(), textBlock('a')];
    const grid = newBlock(nodes, 'grid', ROOT_SLOT, { entity: 'Project' });
    expect(grid).toMatchObject({
      parent: 'root',
      slot: 'main',
      x: 0,
      y: 3,
      w: 24,
      props: { pageSize: 10, link: null },
    });
    expect(grid.uid).toMatch(/^grid-/);
    expect(readyMade('richText')).toBe(true);
    expect(readyMade('tabs')).toBe(true);
    expect(readyMade('grid')).toBe(false);
  });

  it('pushes the blocks below a moved one down, and leaves the rest the same objects', () => {
    const nodes = [root(), textBlock('a'), textBlock('b', { y: 3 }), textBlock('c', { x: 12 })];
    const next = placeNode(nodes, 'a', { x: 0, y: 0, w: 12, h: 5 });
    expect(next.find((n) => n.uid === 'b')?.y).toBe(5);
    expect(next.find((n) => n.uid === 'c')).toBe(nodes[3]);
  });

  it('sends one op per changed node: a move as its place only, a removed container alone', () => {
    const before = [root(), section('s'), textBlock('in', { parent: 's', slot: 'body' }), textBlock('a')];
    const server = new Map(before.map((n) => [n.uid, n]));
    const moved = placeNode(before, 'a', { x: 6, y: 0, w: 12, h: 3 });
    expect(opsFor(server, moved, ['a']).map((o) => o.op)).toEqual([{ op: 'update', uid: 'a', version: 3, x: 6 }]);
    const gone = removeNode(before, 's');
    expect(opsFor(server, gone, ['s', 'in']).map((o) => o.op)).toEqual([{ op: 'remove', uid: 's', version: 3 }]);
  });

  it('moves a block into another slot, never into itself', () => {
    const nodes = [root(), section('s'), textBlock('a', { y: 5 })];
    expect(moveToSlot(nodes, 'a', { parent: 's', slot: 'body' }).find((n) => n.uid === 'a')).toMatchObject({
      parent: 's',
      slot: 'body',
      x: 0,
      y: 0,
    });
    expect(moveToSlot(nodes, 's', { parent: 's', slot: 'body' })).toEqual(nodes);
  });
});
