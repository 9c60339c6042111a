import path from 'node:path';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const MINUTE = 60 * 1000;

/** A duration in milliseconds within [min, max]. */
const millis = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** s3://bucket or s3://bucket/prefix, with a bucket name S3 allows. */
const S3_URL = /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._/-]*)?$/;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z
      .url({ error: 'DATABASE_URL must be a postgres:// connection URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATA_DIR: z.string().default('./data'),
    /**
     * Where uploaded images and attachments are kept (decision 039): `fs:` under DATA_DIR (or
     * `fs:/some/dir`), `postgres:` in the database, or `s3://bucket/optional/prefix` in an S3
     * bucket (S3_* below; credentials from the AWS SDK's usual chain: AWS_ACCESS_KEY_ID and
     * AWS_SECRET_ACCESS_KEY, a profile or a role). Unset: `postgres:` with DATABASE_URL (every
     * server on the database sees the same files), `fs:` with the embedded database.
     */
    STORAGE_URL: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .refine(
        (v) => v === undefined || /^(fs|postgres)(:|$)/.test(v) || S3_URL.test(v),
        'STORAGE_URL must be fs: (optionally fs:/a/folder), postgres: or s3://bucket (optionally s3://bucket/a/prefix)',
      ),
    /** An S3-compatible store's URL (MinIO, R2, ...); unset: AWS S3 in S3_REGION. */
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    /** Bucket in the path (endpoint/bucket/key) rather than the host name: auto is on with S3_ENDPOINT. */
    S3_FORCE_PATH_STYLE: z
      .enum(['auto', 'true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be auto, true or false' })
      .default('auto'),
    /** Built web app to serve; `npm run build` writes it here. */
    CLIENT_DIR: z.string().default('./dist/client'),
    /** Origins besides the server's own that may send mutations (comma-separated), e.g. a dev front end. */
    TRUSTED_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    /** Seed demo data into an empty database at start: default on for the embedded database only. */
    SEED_DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
    /**
     * Reverse-geocoding service the browser asks to name the visitor's city, called as
     * `${url}?latitude=..&longitude=..` and answering { city, locality, principalSubdivision }.
     * Empty: the marketplace shows 'Near you' instead of a city name.
     */
    REVERSE_GEOCODE_URL: z
      .union([z.literal(''), z.url({ error: 'REVERSE_GEOCODE_URL must be an http(s) URL' })])
      .default(''),
    /**
     * Proxies in front of the server whose X-Forwarded-* headers are believed: false (none), a number
     * of hops, or their addresses/CIDRs (comma-separated). `true` means one hop: trusting every hop
     * would let a client choose its own address by writing X-Forwarded-For, and with it escape every
     * per-address limit.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((v, ctx): boolean | number | string[] => {
        if (v === '' || v === 'false' || v === '0') return false;
        if (v === 'true') return 1;
        if (/^\d+$/.test(v)) return Number(v);
        const list = v
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
        if (
          list.every(
            (a) =>
              /^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(a) || ['loopback', 'linklocal', 'uniquelocal'].includes(a),
          )
        ) {
          return list;
        }
        ctx.addIssue({
          code: 'custom',
          message: 'TRUST_PROXY must be false, a number of proxy hops, or proxy addresses (comma-separated)',
        });
        return z.NEVER;
      }),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Remember marketplace answers until the listings change (on), or compute every one (off). */
    MARKETPLACE_CACHE: z.enum(['on', 'off'], { error: 'MARKETPLACE_CACHE must be on or off' }).default('on'),
    /**
     * Address people use to reach the app: links in mails, canonical links, link previews, robots.txt
     * and the sitemap. Required in production; elsewhere http://localhost:PORT, the listening address.
     */
    APP_URL: z
      .url({ error: 'APP_URL must be an http(s) URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** smtp:// or smtps:// server for mail; unset writes each mail as an .eml file under DATA_DIR/mail. */
    SMTP_URL: z
      .url({ error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
      .refine((v) => /^smtps?:/.test(v), 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default('SimchaHub <no-reply@simchahub.local>'),
    /** Rate limits (429 with Retry-After), shared by every server process through the database. */
    SIGNUP_LIMIT_PER_HOUR: positiveInt(60),
    LOGIN_FAILURES_PER_ADDRESS: positiveInt(100),
    AVAILABILITY_REQUESTS_PER_HOUR: positiveInt(30),
    MESSAGES_PER_MINUTE: positiveInt(30),
    /** Blocks, unblocks and reports of conversations per user per minute. */
    THREAD_ACTIONS_PER_MINUTE: positiveInt(10),
    /** Vendor claims each user may submit per hour: every one is read by an admin. */
    CLAIMS_PER_HOUR: positiveInt(10),
    SUGGESTIONS_PER_MINUTE: positiveInt(120),
    /** RSVP page reads and answers per client address per minute: invitation tokens resist guessing. */
    RSVP_PER_MINUTE: positiveInt(60),
    UPLOADS_PER_MINUTE: positiveInt(30),
    /** Stored bytes of uploads each user may keep, in megabytes. */
    UPLOAD_QUOTA_MB: positiveInt(200),
    /** Files attached to conversations per user per minute, and the bytes of them each user may keep. */
    ATTACHMENTS_PER_MINUTE: positiveInt(30),
    ATTACHMENT_QUOTA_MB: positiveInt(500),
    /**
     * What an account whose e-mail address is not confirmed yet may store in images and attachments
     * together, in megabytes (decision 030).
     */
    UNCONFIRMED_QUOTA_MB: positiveInt(20),
    /**
     * The most all accounts together may store in images and attachments, in megabytes: past it,
     * uploads are refused with 507 and the admins' health card warns (decision 030).
     */
    STORAGE_CEILING_MB: z.coerce.number().int().min(1).max(1_000_000_000).default(20_480),
    /**
     * Images a server keeps on its own disk when the store is not that disk (decision 039): at most
     * this many megabytes (0: none), in STORAGE_CACHE_DIR (default DATA_DIR/cache/files).
     */
    STORAGE_CACHE_MB: z.coerce.number().int().min(0).max(1_000_000_000).default(512),
    STORAGE_CACHE_DIR: z.string().optional(),
    /**
     * The landing and sign-in pages show the number of families and of listings (and the reviews
     * behind the average rating) only from this many: "Trusted by 5 families" reads as a failing site.
     */
    SITE_FIGURES_MIN: positiveInt(100),
    /**
     * Signed-in pages opened from an address come drawn by the server for their user (decision
     * 047); 'false' sends the bare app instead, which shows its spinner until it has its data.
     */
    DRAW_SIGNED_IN_PAGES: z.enum(['true', 'false']).default('true'),
    /** PostgreSQL connections this process keeps, and how many requests may wait for one. */
    DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    DB_POOL_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(100),
    /** How long a request may wait for a free connection before it is refused with 503. */
    DB_POOL_WAIT_MS: millis(2000, 10, 600_000),
    /** Time to open a connection before the request is refused with 503. */
    DB_CONNECT_TIMEOUT_MS: millis(5000, 100, 600_000),
    /** PostgreSQL statement_timeout: a statement (lock waits included) running longer is cancelled. */
    DB_STATEMENT_TIMEOUT_MS: millis(5000, 100, 3_600_000),
    /** PostgreSQL idle_in_transaction_session_timeout: a transaction left idle this long is ended. */
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: millis(10_000, 100, 3_600_000),
    /** The embedded database (no DATABASE_URL) runs in a thread of its own, beside the event loop (decision 022). */
    DB_EMBEDDED_THREAD: z
      .enum(['on', 'off'], { error: 'DB_EMBEDDED_THREAD must be on or off' })
      .default('on'),
    /** How long start-up waits for the database (retrying with backoff) before giving up. */
    DB_STARTUP_WAIT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /** Total time a read (GET) may take before it is answered 503; writes are bounded by the database timeouts. */
    REQUEST_TIMEOUT_MS: millis(15_000, 100, 600_000),
    /** /api/health answers within this, whatever the database does. */
    HEALTH_TIMEOUT_MS: millis(1500, 100, 60_000),
    /** On SIGTERM: time to finish in-flight requests and close event streams before exiting. */
    SHUTDOWN_GRACE_MS: millis(25_000, 0, 600_000),
    /** Event-loop delay beyond which new requests are refused at once with 503 (0: never). */
    MAX_EVENT_LOOP_DELAY_MS: millis(1000, 0, 60_000),
    /** How often an open event stream checks that its session still exists (sign-out ends it). */
    LIVE_SESSION_CHECK_MS: millis(60_000, 100, 3_600_000),
  })
  .superRefine((e, ctx) => {
    // Without it, links would be made from each request's Host header, which its sender chooses.
    if (e.NODE_ENV === 'production' && !e.APP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message:
          'APP_URL is required in production: the address people use to reach the app (https://...), for links in mails, canonical links, link previews and the sitemap',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** At most `max` hits per key in each window of `windowMs`. */
export interface RateRule {
  max: number;
  windowMs: number;
}

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  storage: StorageSettings;
  clientDir: string;
  trustedOrigins: string[];
  seedDemoData: Env['SEED_DEMO_DATA'];
  sessionTtlMs: number;
  reverseGeocodeUrl: string | null;
  secureCookies: boolean;
  logLevel: Env['LOG_LEVEL'];
  marketplaceCache: boolean;
  /** Fastify's trustProxy: which proxies' X-Forwarded-* headers to believe. */
  trustProxy: boolean | number | string[];
  /**
   * Where people reach the app, without a trailing slash: the base of links in mails, canonical
   * links, link previews, robots.txt and the sitemap. Never taken from a request's Host header.
   */
  appUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  mailDir: string;
  limits: {
    signupPerAddress: RateRule;
    loginFailuresPerAddress: RateRule;
    availabilityRequests: RateRule;
    messages: RateRule;
    threadActions: RateRule;
    claims: RateRule;
    suggestions: RateRule;
    rsvp: RateRule;
    uploads: RateRule;
    attachments: RateRule;
  };
  uploadQuotaBytes: number;
  attachmentQuotaBytes: number;
  unconfirmedQuotaBytes: number;
  storageCeilingBytes: number;
  /** This server's cache of images read from a shared store; maxBytes 0 turns it off. */
  storageCache: { dir: string; maxBytes: number };
  siteFiguresMin: number;
  /** DRAW_SIGNED_IN_PAGES: signed-in pages drawn by the server for their user (decision 047). */
  drawSignedInPages: boolean;
  database: DatabaseSettings;
  requestTimeoutMs: number;
  healthTimeoutMs: number;
  shutdownGraceMs: number;
  maxEventLoopDelayMs: number;
  liveSessionCheckMs: number;
}

/** Which driver keeps the stored files, and the folder of the `fs` driver. */
export interface StorageSettings {
  driver: 'fs' | 'postgres' | 's3';
  /** The `fs` driver's root: images in <root>/uploads, attachments in <root>/attachments. */
  root: string;
  /** Chosen by STORAGE_URL, or the default for the database. */
  explicit: boolean;
  /** The `s3` driver's bucket. */
  s3?: S3Settings;
}

/** Where the `s3` driver keeps files: STORAGE_URL=s3://bucket/prefix and the S3_* settings. */
export interface S3Settings {
  bucket: string;
  /** Put before every key: '' or ending in '/'. */
  prefix: string;
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
}

/** The S3_* settings, for an s3:// STORAGE_URL. */
export type S3Connection = Pick<S3Settings, 'endpoint' | 'region' | 'forcePathStyle'>;

/** STORAGE_URL as settings; unset picks the database's default. */
export function storageSettings(
  url: string | undefined,
  databaseUrl: string | undefined,
  dataDir: string,
  s3: S3Connection = { endpoint: null, region: 'us-east-1', forcePathStyle: false },
): StorageSettings {
  if (url === undefined) return { driver: databaseUrl ? 'postgres' : 'fs', root: dataDir, explicit: false };
  if (url.startsWith('s3://')) {
    const [bucket = '', ...folders] = url.slice('s3://'.length).split('/');
    const prefix = folders.filter(Boolean).join('/');
    return {
      driver: 's3',
      root: dataDir,
      explicit: true,
      s3: { ...s3, bucket, prefix: prefix ? `${prefix}/` : '' },
    };
  }
  const [scheme, ...rest] = url.split(':');
  const where = rest.join(':').replace(/^\/\/(?=\/)/, '');
  return {
    driver: scheme === 'postgres' ? 'postgres' : 'fs',
    root: scheme === 'fs' && where ? path.resolve(where) : dataDir,
    explicit: true,
  };
}

export interface DatabaseSettings {
  poolMax: number;
  /** Requests that may wait for a pooled connection; more are refused at once (503). */
  poolQueueMax: number;
  /** Longest wait for a pooled connection before a request is refused (503). */
  poolWaitMs: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  startupWaitMs: number;
  /** The embedded database in a thread of its own. */
  embeddedThread: boolean;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    storage: storageSettings(e.STORAGE_URL, e.DATABASE_URL, dataDir, {
      endpoint: e.S3_ENDPOINT ?? null,
      region: e.S3_REGION,
      forcePathStyle:
        e.S3_FORCE_PATH_STYLE === 'auto' ? e.S3_ENDPOINT !== undefined : e.S3_FORCE_PATH_STYLE === 'true',
    }),
    clientDir: path.resolve(e.CLIENT_DIR),
    trustedOrigins: e.TRUSTED_ORIGINS,
    seedDemoData: e.SEED_DEMO_DATA,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    reverseGeocodeUrl: e.REVERSE_GEOCODE_URL || null,
    secureCookies: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    marketplaceCache: e.MARKETPLACE_CACHE === 'on',
    trustProxy: e.TRUST_PROXY,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    mailDir: path.join(dataDir, 'mail'),
    limits: {
      signupPerAddress: { max: e.SIGNUP_LIMIT_PER_HOUR, windowMs: 60 * MINUTE },
      loginFailuresPerAddress: { max: e.LOGIN_FAILURES_PER_ADDRESS, windowMs: 15 * MINUTE },
      availabilityRequests: { max: e.AVAILABILITY_REQUESTS_PER_HOUR, windowMs: 60 * MINUTE },
      messages: { max: e.MESSAGES_PER_MINUTE, windowMs: MINUTE },
      threadActions: { max: e.THREAD_ACTIONS_PER_MINUTE, windowMs: MINUTE },
      claims: { max: e.CLAIMS_PER_HOUR, windowMs: 60 * MINUTE },
      suggestions: { max: e.SUGGESTIONS_PER_MINUTE, windowMs: MINUTE },
      rsvp: { max: e.RSVP_PER_MINUTE, windowMs: MINUTE },
      uploads: { max: e.UPLOADS_PER_MINUTE, windowMs: MINUTE },
      attachments: { max: e.ATTACHMENTS_PER_MINUTE, windowMs: MINUTE },
    },
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    attachmentQuotaBytes: e.ATTACHMENT_QUOTA_MB * 1024 * 1024,
    unconfirmedQuotaBytes: e.UNCONFIRMED_QUOTA_MB * 1024 * 1024,
    storageCeilingBytes: e.STORAGE_CEILING_MB * 1024 * 1024,
    storageCache: {
      dir: e.STORAGE_CACHE_DIR ? path.resolve(e.STORAGE_CACHE_DIR) : path.join(dataDir, 'cache', 'files'),
      maxBytes: e.STORAGE_CACHE_MB * 1024 * 1024,
    },
    siteFiguresMin: e.SITE_FIGURES_MIN,
    drawSignedInPages: e.DRAW_SIGNED_IN_PAGES === 'true',
    database: {
      poolMax: e.DB_POOL_MAX,
      poolQueueMax: e.DB_POOL_QUEUE_MAX,
      poolWaitMs: e.DB_POOL_WAIT_MS,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      startupWaitMs: e.DB_STARTUP_WAIT_SECONDS * 1000,
      embeddedThread: e.DB_EMBEDDED_THREAD === 'on',
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    healthTimeoutMs: e.HEALTH_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    liveSessionCheckMs: e.LIVE_SESSION_CHECK_MS,
  };
}
