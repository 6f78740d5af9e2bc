import { createHash, createHmac } from 'node:crypto';
import type { Config } from '../config.ts';
import { checkedKey, type ObjectStore } from './files.objects.ts';

export type S3Settings = NonNullable<Config['s3']>;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of one path segment, as SigV4 wants it (unreserved characters stay). */
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export type SignInput = {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (names in any case). */
  headers?: Record<string, string>;
  payloadHash: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
};

/**
 * AWS Signature Version 4 for one request (header form). Returns every header to send, the signed ones
 * and `authorization`. The url's path must already be encoded as it goes on the wire; the query is sorted.
 */
export function signV4(input: SignInput): Record<string, string> {
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${String(headers[n]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [encodeSegment(k), encodeSegment(v)])
    .sort(([a = '', x = ''], [b = '', y = '']) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    input.method,
    input.url.pathname || '/',
    query,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), input.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

const TIMEOUT_MS = 30_000;

/** Objects in an S3-compatible bucket over plain fetch, every request signed with SigV4. */
export function createS3Objects(s3: S3Settings, now: () => Date = () => new Date()): ObjectStore {
  const base = s3.endpoint.replace(/\/+$/, '');
  const urlOf = (key: string) =>
    new URL(
      `${base}/${encodeSegment(s3.bucket)}/${`${s3.prefix}${checkedKey(key)}`.split('/').map(encodeSegment).join('/')}`,
    );

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, type?: string) {
    const url = urlOf(key);
    const headers = signV4({
      method,
      url,
      headers: type ? { 'content-type': type } : {},
      payloadHash: sha256(body ?? ''),
      region: s3.region,
      service: 's3',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      date: now(),
    });
    // fetch sets Host itself from the url, which is the value signed.
    const { host: _host, ...sent } = headers;
    return fetch(url, {
      method,
      headers: sent,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }
  const failed = (what: string, res: Response) => new Error(`S3 ${what} failed: HTTP ${res.status}`);

  return {
    async put(key, bytes, type) {
      const res = await send('PUT', key, bytes, type);
      await res.arrayBuffer();
      if (!res.ok) throw failed('put', res);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) throw failed('get', res);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      const res = await send('DELETE', key);
      await res.arrayBuffer();
      // S3 answers 204 whether or not the object existed; some compatible stores answer 404.
      if (!res.ok && res.status !== 404) throw failed('delete', res);
    },
  };
}
