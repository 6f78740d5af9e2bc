import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Objects, signV4 } from '../../platform/files.s3.ts';
import { bearer, body, createTestApp } from '../../test/helper.ts';
import { postFiles } from '../../test/multipart.ts';

const KEY_ID = 'TESTKEYID';
const SECRET = 'test/secret+key';

/**
 * A tiny S3-compatible server: path-style PUT, GET and DELETE on one bucket, kept in memory. It checks
 * each request's SigV4 signature with its own code (not the signer under test), written from AWS's
 * description: canonical request from what actually arrived on the wire, payload hash against the body.
 */
function fakeS3(bucket: string) {
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const rejected: string[] = [];
  const hex = (d: string | Buffer) => createHash('sha256').update(d).digest('hex');
  const mac = (k: string | Buffer, d: string) => createHmac('sha256', k).update(d).digest();

  function verify(req: IncomingMessage, payload: Buffer): string | null {
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!auth) return 'no SigV4 authorization header';
    const [, keyId, day, region, signed = '', signature] = auth;
    if (keyId !== KEY_ID) return 'unknown key id';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!amzDate.startsWith(day ?? 'x')) return 'date mismatch';
    const claimed = String(req.headers['x-amz-content-sha256'] ?? '');
    if (claimed !== hex(payload)) return 'payload hash mismatch';
    const names = signed.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256'])
      if (!names.includes(required)) return `${required} not signed`;
    const [pathname = '', search = ''] = (req.url ?? '').split('?');
    const canonical = [
      req.method,
      pathname,
      search.split('&').filter(Boolean).sort().join('&'),
      names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join(''),
      signed,
      claimed,
    ].join('\n');
    const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${day}/${region}/s3/aws4_request\n${hex(canonical)}`;
    const k = mac(mac(mac(mac(`AWS4${SECRET}`, day ?? ''), region ?? ''), 's3'), 'aws4_request');
    return createHmac('sha256', k).update(toSign).digest('hex') === signature ? null : 'signature mismatch';
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = Buffer.concat(chunks);
      const problem = verify(req, payload);
      if (problem) {
        rejected.push(problem);
        res
          .writeHead(403, { 'content-type': 'application/xml' })
          .end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const prefix = `/${bucket}/`;
      const path = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
      if (!path.startsWith(prefix)) return void res.writeHead(404).end();
      const key = path.slice(prefix.length);
      if (req.method === 'PUT') {
        objects.set(key, { bytes: payload, type: String(req.headers['content-type'] ?? '') });
        return void res.writeHead(200).end();
      }
      const found = objects.get(key);
      if (req.method === 'GET') {
        if (!found)
          return void res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<Error><Code>NoSuchKey</Code></Error>');
        return void res.writeHead(200, { 'content-type': found.type }).end(found.bytes);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return void res.writeHead(204).end();
      }
      res.writeHead(405).end();
    });
  });
  return { server, objects, rejected };
}

let s3: ReturnType<typeof fakeS3>;
let endpoint: string;
beforeAll(async () => {
  s3 = fakeS3('trestle-files');
  await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

const settings = (secret = SECRET) => ({
  endpoint,
  bucket: 'trestle-files',
  region: 'eu-central-1',
  accessKeyId: KEY_ID,
  secretAccessKey: secret,
  prefix: 'uploads/',
});
const KEY = '2026/11/0b7c9d5e-1234-4abc-8def-0123456789ab';

describe('SigV4 signing', () => {
  it('reproduces the signature of AWS’s published S3 GET example', () => {
    // docs.aws.amazon.com, "Signature Calculations for the Authorization Header", Example: GET Object.
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      service: 's3',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('the S3 object store against an S3-compatible server', () => {
  it('puts, gets and removes an object, every request signed', async () => {
    const store = createS3Objects(settings());
    const bytes = Buffer.from('%PDF-1.4 hello s3');
    await store.put(KEY, bytes, 'application/pdf');
    expect(s3.objects.get(`uploads/${KEY}`)).toEqual({ bytes, type: 'application/pdf' });
    expect((await store.get(KEY))?.equals(bytes)).toBe(true);
    await store.remove(KEY);
    expect(s3.objects.has(`uploads/${KEY}`)).toBe(false);
    expect(await store.get(KEY)).toBeNull();
    await store.remove(KEY);
    expect(s3.rejected).toEqual([]);
  });

  it('fails loudly when the server refuses the signature (wrong secret)', async () => {
    const store = createS3Objects(settings('not-the-secret'));
    await expect(store.put(KEY, Buffer.from('x'), 'text/plain')).rejects.toThrow('HTTP 403');
    await expect(store.get(KEY)).rejects.toThrow('HTTP 403');
    expect(s3.rejected.at(-1)).toBe('signature mismatch');
  });

  it('refuses a key that is not a generated one before any request is made', async () => {
    const store = createS3Objects(settings());
    const before = s3.rejected.length;
    await expect(store.get('../../etc/passwd')).rejects.toThrow('not an object key');
    expect(s3.rejected.length).toBe(before);
  });

  it('serves uploads, downloads and deletes of the app from the bucket when FILE_STORE=s3', async () => {
    const t = await createTestApp({
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'trestle-files',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET,
    });
    try {
      const admin = await t.login('admin', 'Admin@2026');
      const up = await postFiles(t.app, '/api/Employee/upload', admin, [
        { name: 's3.txt', bytes: Buffer.from('stored in the bucket'), type: 'text/plain' },
      ]);
      expect(up.statusCode, up.body).toBe(200);
      const [stored] = body(up).data as { key: string; url: string }[];
      if (!stored) throw new Error('no upload');
      const inBucket = [...s3.objects.keys()].find((k) => k.endsWith(stored.key));
      expect(inBucket).toMatch(/^\d{4}\/\d{2}\//);
      const got = await t.app.inject({ method: 'GET', url: stored.url, headers: bearer(admin) });
      expect(got.body).toBe('stored in the bucket');
      const del = await t.app.inject({
        method: 'POST',
        url: '/api/File/del',
        payload: { keys: [stored.key] },
        headers: bearer(admin),
      });
      expect(body(del).data).toEqual({ count: 1 });
      expect(s3.objects.has(inBucket ?? '')).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('will not start with FILE_STORE=s3 and no bucket', async () => {
    await expect(createTestApp({ FILE_STORE: 's3', S3_ENDPOINT: endpoint })).rejects.toThrow('FILE_STORE=s3 needs');
  });
});
