import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The server package's folder, found from this module wherever it runs: as TypeScript in `src/` (tests,
 * `npm run dev`) or bundled into `dist/main.js` (`npm start`). It is the first folder up that holds the
 * migrations.
 */
function serverFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('the server package (with drizzle/) was not found above its code');
    dir = up;
  }
  return dir;
}

const serverRoot = serverFolder();
/** The migrations (drizzle/), read by the migrator and by the table designer's list of platform tables. */
export const migrationsFolder = path.join(serverRoot, 'drizzle');
const repoRoot = path.resolve(serverRoot, '../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  APP_DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  TOKEN_SECRET: z.string().min(32).optional(),
  REDIS_URL: z.string().url().optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  // Where uploaded files live: DATA_DIR (disk) or an S3-compatible bucket
  FILE_STORE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z.string().default(''),
  DATASOURCE_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  DATASOURCE_ALLOWED_HOSTS: z.string().default(''),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(25),
  IFRAME_ORIGINS: z.string().default(''),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Requests connect with this account (a login of trestle_app); unset: DATABASE_URL, switched by SET ROLE. */
  appDatabaseUrl: string | undefined;
  dataDir: string;
  /** TOKEN_SECRET when given; unset, the install's secret is kept in its database (db/installation-secret.ts). */
  tokenSecret: Uint8Array | undefined;
  /** Where the sign-in rate limit counts (shared by every node); unset: the database. */
  redisUrl: string | undefined;
  accessTokenMinutes: number;
  sessionMaxHours: number;
  /** Seconds an old token keeps working after replaceToken, for requests already in flight. */
  rotationGraceSeconds: number;
  loginRateLimitPerMinute: number;
  trustProxy: boolean;
  logLevel: string;
  webDist: string;
  seedDemo: boolean;
  fileStore: 'disk' | 's3';
  /** Set when FILE_STORE=s3 (all four S3_ variables then required). */
  s3: {
    /** e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000; objects are addressed path-style. */
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    /** Key prefix inside the bucket. */
    prefix: string;
  } | null;
  /** Data sources may point at loopback, private and link-local addresses (off: no SSRF into our network). */
  dataSourceAllowPrivate: boolean;
  /** Host names data sources may use even when they resolve to private addresses. */
  dataSourceAllowedHosts: string[];
  /** On SIGTERM, how long requests in flight may take to finish before their connections are cut. */
  shutdownGraceSeconds: number;
  /** The origins (https://host[:port]) a page's iframe block may show; none by default. */
  iframeOrigins: string[];
};

/** FILE_STORE=s3 without its endpoint, bucket and keys is a start-up error, not a late 500. */
function s3Settings(e: z.infer<typeof envSchema>): Config['s3'] {
  if (e.FILE_STORE !== 's3') return null;
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secret } = e;
  if (!endpoint || !bucket || !accessKeyId || !secret)
    throw new Error(
      'Invalid configuration:\nFILE_STORE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    );
  return { endpoint, bucket, region: e.S3_REGION, accessKeyId, secretAccessKey: secret, prefix: e.S3_PREFIX };
}

/**
 * IFRAME_ORIGINS, comma-separated: each an origin as a browser compares it (scheme, host, port; no path), the
 * same list the CSP's frame-src names. Anything else is a start-up error rather than an origin that never matches.
 */
function iframeOrigins(list: string): string[] {
  const items = list
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const bad = items.filter((o) => !URL.canParse(o) || new URL(o).origin !== o || !/^https?:/.test(o));
  if (bad.length) throw new Error(`Invalid configuration:\nIFRAME_ORIGINS: not origins: ${bad.join(', ')}`);
  return items;
}

/** The one place that reads process.env (STYLE §10). Throws with every bad variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    appDatabaseUrl: e.APP_DATABASE_URL,
    dataDir,
    tokenSecret: e.TOKEN_SECRET ? new TextEncoder().encode(e.TOKEN_SECRET) : undefined,
    redisUrl: e.REDIS_URL,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    rotationGraceSeconds: 30,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'packages/web/dist')),
    seedDemo: e.SEED_DEMO === 'true',
    fileStore: e.FILE_STORE,
    s3: s3Settings(e),
    dataSourceAllowPrivate: e.DATASOURCE_ALLOW_PRIVATE === 'true',
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    dataSourceAllowedHosts: e.DATASOURCE_ALLOWED_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    iframeOrigins: iframeOrigins(e.IFRAME_ORIGINS),
  };
}
