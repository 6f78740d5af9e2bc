import { describe, expect, it } from 'vitest';
import { WRITES_CHANNEL } from '../../engine/written.ts';
import { ANY_TABLE, createBiCache } from './bi.cache.ts';

/** The cache on its own: generations per tenant and table, notices from other nodes, age, size, listening. */
function cacheWithClock(max?: number) {
  let ms = 1_000_000;
  const heard: { channel: string; notify(payload: string): void; live(on: boolean): void }[] = [];
  const cache = createBiCache({
    max,
    now: () => ms,
    listen: async (channel, onMessage, onLive) => {
      heard.push({ channel, notify: onMessage, live: (on) => onLive?.(on) });
      onLive?.(true);
    },
  });
  return {
    cache,
    advance: (seconds: number) => {
      ms += seconds * 1000;
    },
    node: () => heard[0] ?? { channel: '', notify: () => {}, live: () => {} },
  };
}

describe('the BI results cache', () => {
  it('finds a result under the same statement and tables until one of them is written', async () => {
    const { cache } = cacheWithClock();
    await cache.ready;
    const key = cache.keyOf(1, ['sales_contracts', 'customers'], ['select 1', [7]]);
    expect(key).not.toBeNull();
    cache.set(key ?? '', 'figures', 60);
    expect(cache.get(cache.keyOf(1, ['customers', 'sales_contracts'], ['select 1', [7]]) ?? '', 60)).toBe('figures');
    // Another tenant, other parameters: other questions.
    expect(cache.keyOf(2, ['sales_contracts', 'customers'], ['select 1', [7]])).not.toBe(key);
    expect(cache.keyOf(1, ['sales_contracts', 'customers'], ['select 1', [8]])).not.toBe(key);
    // A write of another tenant's table, or of a table not read, changes nothing.
    cache.written(2, ['sales_contracts']);
    cache.written(1, ['employees']);
    expect(cache.keyOf(1, ['sales_contracts', 'customers'], ['select 1', [7]])).toBe(key);
    cache.written(1, ['customers']);
    expect(cache.keyOf(1, ['sales_contracts', 'customers'], ['select 1', [7]])).not.toBe(key);
  });

  it('hears the writes of other nodes, and counts any write for a result that may read every table', async () => {
    const { cache, node } = cacheWithClock();
    await cache.ready;
    expect(node().channel).toBe(WRITES_CHANNEL);
    const entity = cache.keyOf(3, ['employees'], 'q');
    const any = cache.keyOf(3, [ANY_TABLE], 'q');
    node().notify('3:employees');
    expect(cache.keyOf(3, ['employees'], 'q')).not.toBe(entity);
    const anyAfter = cache.keyOf(3, [ANY_TABLE], 'q');
    expect(anyAfter).not.toBe(any);
    node().notify('not a notice');
    node().notify('3:organizations');
    expect(cache.keyOf(3, [ANY_TABLE], 'q')).not.toBe(anyAfter);
  });

  it('gives a result only as old as the asking chart takes, and forgets it at its own end', async () => {
    const { cache, advance } = cacheWithClock();
    await cache.ready;
    cache.set('k', 'v', 300);
    advance(30);
    expect(cache.get('k', 60)).toBe('v');
    expect(cache.get('k', 10)).toBeUndefined();
    expect(cache.get('k', 300)).toBe('v');
    advance(300);
    expect(cache.get('k', 3600)).toBeUndefined();
    cache.set('none', 'v', 0);
    expect(cache.get('none', 60)).toBeUndefined();
  });

  it('keeps at most its bound, dropping the least recently used', async () => {
    const { cache } = cacheWithClock(2);
    await cache.ready;
    cache.set('a', 1, 60);
    cache.set('b', 2, 60);
    expect(cache.get('a', 60)).toBe(1);
    cache.set('c', 3, 60);
    expect([cache.get('a', 60), cache.get('b', 60), cache.get('c', 60)]).toEqual([1, undefined, 3]);
  });

  it('keeps nothing while it does not listen, and nothing from before it listened again', async () => {
    const { cache, node } = cacheWithClock();
    await cache.ready;
    const before = cache.keyOf(1, ['employees'], 'q') ?? '';
    cache.set(before, 'old', 60);
    node().live(false);
    expect(cache.keyOf(1, ['employees'], 'q')).toBeNull();
    node().live(true);
    expect(cache.get(before, 60)).toBeUndefined();
    expect(cache.keyOf(1, ['employees'], 'q')).not.toBe(before);
    expect(createBiCache({}).keyOf(1, ['employees'], 'q')).toBeNull();
  });
});
