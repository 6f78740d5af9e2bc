import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { bearer, body } from '../test/helper.ts';
import { useTestApp } from '../test/use-test-app.ts';

const t = useTestApp();

const BOUNDARY = 'trestleboundary';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 1)]);
const part = (name: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
const end = Buffer.from(`--${BOUNDARY}--\r\n`);
const send = (url: string, payload: Buffer) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...bearer(t.admin), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });

/** Every file under the data directory (uploads, avatars, temporary files), and the registry's rows. */
const filesOnDisk = () =>
  readdirSync(t.config.dataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
const fileRows = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from files`))[0]?.n;

describe('a multipart upload', () => {
  it('cut short is a 400 with the envelope on every upload route, and leaves no file and no row', async () => {
    const [disk, rows] = [filesOnDisk(), await fileRows()];
    const whole = Buffer.concat([part('a.png', PNG), part('b.png', PNG), end]);
    for (const url of ['/api/Employee/upload', '/api/Employee/import', '/api/user/uploadAvatar']) {
      for (const cut of [60, 200, whole.length - 30]) {
        const res = await send(url, whole.subarray(0, cut));
        expect(res.statusCode, `${url} cut at ${cut}: ${res.body}`).toBe(400);
        expect(body(res)).toMatchObject({
          status: false,
          code: 'bad_request',
          data: { fieldErrors: { file: expect.any(String) } },
        });
      }
    }
    expect(filesOnDisk()).toBe(disk);
    expect(await fileRows()).toBe(rows);
  });

  it('with more files than allowed, or a file past the size limit, is a 413 with the envelope and writes nothing', async () => {
    const [disk, rows] = [filesOnDisk(), await fileRows()];
    const six = Buffer.concat([...Array.from({ length: 6 }, (_, i) => part(`f${i}.png`, PNG)), end]);
    const many = await send('/api/Employee/upload', six);
    expect(many.statusCode, many.body).toBe(413);
    expect(body(many)).toMatchObject({
      status: false,
      code: 'payload_too_large',
      data: { fieldErrors: { file: 'too large' } },
    });
    const big = await send(
      '/api/user/uploadAvatar',
      Buffer.concat([part('big.png', Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)])), end]),
    );
    expect(big.statusCode, big.body).toBe(413);
    expect(body(big).status).toBe(false);
    expect(filesOnDisk()).toBe(disk);
    expect(await fileRows()).toBe(rows);
  });

  it('whole and within the limits is still taken', async () => {
    const res = await send('/api/Employee/upload', Buffer.concat([part('ok.png', PNG), end]));
    expect(res.statusCode, res.body).toBe(200);
  });
});
