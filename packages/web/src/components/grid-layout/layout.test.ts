import { describe, expect, it } from 'vitest';
import { clampRect, freeSpot, nextId, placeItem, type Tile } from './layout.ts';

const tile = (id: string, x: number, y: number, w: number, h: number): Tile => ({ id, x, y, w, h });
const rects = (items: Tile[]) => items.map(({ id, x, y, w, h }) => [id, x, y, w, h]);

describe('a tile on the grid', () => {
  it('stays within the 24 columns, at least a cell, below the top', () => {
    expect(clampRect({ x: 20, y: -3, w: 12, h: 0 })).toEqual({ x: 12, y: 0, w: 12, h: 1 });
    expect(clampRect({ x: -1, y: 2.4, w: 30, h: 50 })).toEqual({ x: 0, y: 2, w: 24, h: 40 });
  });

  it('moved onto another pushes it down, and that one the next', () => {
    const items = [tile('a', 0, 0, 12, 4), tile('b', 12, 0, 12, 4), tile('c', 12, 4, 12, 2)];
    expect(rects(placeItem(items, 'a', { x: 12, y: 0, w: 12, h: 4 }))).toEqual([
      ['a', 12, 0, 12, 4],
      ['b', 12, 4, 12, 4],
      ['c', 12, 8, 12, 2],
    ]);
  });

  it('resized over its neighbour below pushes it down by what it grew', () => {
    const items = [tile('a', 0, 0, 24, 4), tile('b', 0, 4, 24, 4)];
    expect(rects(placeItem(items, 'a', { x: 0, y: 0, w: 24, h: 6 }))).toEqual([
      ['a', 0, 0, 24, 6],
      ['b', 0, 6, 24, 4],
    ]);
  });

  it('leaves the tiles it does not touch where they are', () => {
    const items = [tile('a', 0, 0, 6, 4), tile('b', 12, 0, 12, 4)];
    expect(rects(placeItem(items, 'a', { x: 6, y: 0, w: 6, h: 4 }))).toEqual([
      ['a', 6, 0, 6, 4],
      ['b', 12, 0, 12, 4],
    ]);
  });
});

describe('a new tile', () => {
  it('takes the first free place that fits it', () => {
    expect(freeSpot([], 12, 8)).toEqual({ x: 0, y: 0 });
    expect(freeSpot([tile('a', 0, 0, 12, 8)], 12, 8)).toEqual({ x: 12, y: 0 });
    expect(freeSpot([tile('a', 0, 0, 12, 8), tile('b', 12, 0, 12, 8)], 12, 8)).toEqual({ x: 0, y: 8 });
  });

  it('gets an id not used yet', () => {
    expect(nextId([{ id: 'c1' }, { id: 'c2' }, { id: 't1' }], 'c')).toBe('c3');
  });
});

describe('a taller grid', () => {
  it('keeps a tile within the height it allows', () => {
    expect(clampRect({ x: 0, y: 0, w: 4, h: 70 }, 60)).toEqual({ x: 0, y: 0, w: 4, h: 60 });
    expect(placeItem([tile('a', 0, 0, 4, 4)], 'a', { x: 0, y: 0, w: 4, h: 50 }, 60)[0]?.h).toBe(50);
  });
});
