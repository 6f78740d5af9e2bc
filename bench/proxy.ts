import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny round-robin HTTP proxy on 127.0.0.1, in front of the nodes of a two-node run. A node that
 * refuses the connection is skipped for a second and the request goes to the next one: it was never
 * sent, so that is safe for any request. A request that fails after it was sent is answered 502 and is
 * retried elsewhere only when `idempotent` says so: an add may have been stored before its node died.
 */
export async function startProxy(targets: string[], idempotent: (req: http.IncomingMessage) => boolean) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const downUntil = targets.map(() => 0);
  let next = 0;

  const forward = (target: string, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) =>
    new Promise<'refused' | 'failed' | 'done'>((resolve) => {
      const upstream = http.request(`${target}${req.url ?? '/'}`, { method: req.method, headers: req.headers, agent });
      upstream.on('response', (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => resolve('done'));
        answer.on('error', () => {
          res.destroy();
          resolve('done');
        });
      });
      upstream.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED' ? 'refused' : 'failed'));
      upstream.end(body);
    });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    // Its own walk from its turn: other requests move `next` while this one waits on a node.
    const first = next++;
    for (let tries = 0; tries < targets.length; tries++) {
      const i = (first + tries) % targets.length;
      const target = targets[i];
      if (target === undefined || (downUntil[i] ?? 0) > Date.now()) continue;
      const outcome = await forward(target, req, body, res);
      if (outcome === 'done') return;
      if (res.headersSent) break;
      if (outcome === 'refused') downUntil[i] = Date.now() + 1000;
      else if (!idempotent(req)) break;
    }
    if (res.headersSent) res.destroy();
    else res.writeHead(502, { 'content-type': 'application/json' }).end('{"code":502,"msg":"no node answered"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
