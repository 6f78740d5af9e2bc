import pg from 'pg';
import type { Logger } from './client.ts';

/**
 * LISTEN on the server: one connection for every channel, opened on the first `add`. A connection lost (a
 * restart, a terminated backend) is opened again after a second and listens to the same channels; what was
 * notified in between is missed, so a listener should read the state it follows afresh when told.
 */
export function serverListeners(url: string, log: Logger) {
  const channels = new Map<string, ((payload: string) => void)[]>();
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
      retry = setTimeout(() => void connect().catch(() => again()), 1000);
    };
    c.on('error', again);
    c.on('end', () => again());
    c.on('notification', (n) => {
      for (const handler of channels.get(n.channel) ?? []) handler(n.payload ?? '');
    });
    client = c;
    await c.connect();
    for (const channel of channels.keys()) await c.query(`LISTEN ${quote(channel)}`);
  }
  return {
    async add(channel: string, onMessage: (payload: string) => void) {
      const known = channels.has(channel);
      channels.set(channel, [...(channels.get(channel) ?? []), onMessage]);
      if (!client) await connect();
      else if (!known) await client.query(`LISTEN ${quote(channel)}`);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
