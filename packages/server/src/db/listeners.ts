import pg from 'pg';
import type { Logger } from './client.ts';

export type Listener = {
  onMessage: (payload: string) => void;
  /**
   * Told false when the connection is lost (what is notified from then on is missed) and true once it
   * listens again: a listener that caches what the notifications invalidate drops its copy both times.
   */
  onLive?: ((live: boolean) => void) | undefined;
};

/**
 * LISTEN on the server: one connection for every channel, opened on the first `add`. A connection lost (a
 * restart, a terminated backend) is opened again after a second and listens to the same channels; what was
 * notified in between is missed, so a listener should read the state it follows afresh when told.
 * `deliver` hands a notification that another connection of this node received (the pool's own, for a
 * change this node committed) to the same listeners.
 */
export function serverListeners(url: string, log: Logger) {
  const channels = new Map<string, Listener[]>();
  const deliver = (channel: string, payload: string) => {
    for (const listener of channels.get(channel) ?? []) listener.onMessage(payload);
  };
  const tellLive = (live: boolean) => {
    for (const listener of [...channels.values()].flat()) listener.onLive?.(live);
  };
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
  async function connect() {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    const again = (err?: Error) => {
      if (err) log.warn?.({ err }, 'the notification connection failed; listening again in 1 s');
      if (client !== c || closed) return;
      client = null;
      tellLive(false);
      retry = setTimeout(() => void connect().catch(() => again()), 1000);
    };
    c.on('error', again);
    c.on('end', () => again());
    c.on('notification', (n) => deliver(n.channel, n.payload ?? ''));
    client = c;
    await c.connect();
    for (const channel of channels.keys()) await c.query(`LISTEN ${quote(channel)}`);
    tellLive(true);
  }
  return {
    async add(channel: string, listener: Listener) {
      const known = channels.has(channel);
      channels.set(channel, [...(channels.get(channel) ?? []), listener]);
      if (!client) await connect();
      else if (!known) await client.query(`LISTEN ${quote(channel)}`);
      listener.onLive?.(true);
    },
    deliver,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
