import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QOE_PERIOD_MAX_DAYS } from '@site/contract/console';
import { z } from 'zod';
import { hostRulesProblem } from './stream-host-rules.js';
import { isAddressOrRange } from './http/address-list.js';

/** The repository root, so default paths work whatever the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const positiveInt = z.coerce.number().int().positive();

/**
 * Every setting the server reads, with its default (README "Configuration" lists the same).
 * Limits that tests tune (rate limits, password-hashing cost) live here too.
 */
export const configSchema = z.object({
  /** `production` turns the demo defaults below from start-up warnings into refusals. */
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The domain that qualifies channel ids in the XMLTV export (`ch01.{domain}`, RFC 2838 style, as
   * XMLTV asks for globally unique ids). Default: PUBLIC_URL's host name.
   */
  XMLTV_ID_DOMAIN: z
    .string()
    .regex(
      /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i,
      'must be a domain name',
    )
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, 'must start with sqlite: or postgres://')
    .default('sqlite:./data/site.db'),
  /**
   * PostgreSQL only: the schema the site's tables live in (created when missing), so several
   * sites or a throwaway cluster can share one database (docs/adr/0058). Unset: the role's
   * search_path (normally `public`).
   */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL name')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_ON_START: bool.default(true),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** The operator console's built app (apps/console), served under /console. */
  CONSOLE_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/console/dist')),
  MEDIA_DIR: z.string().default(path.join(repoRoot, 'fixtures/media')),
  SHUTDOWN_GRACE_MS: positiveInt.default(10_000),
  /** Signs stream URLs; every instance (and the CDN) needs the same one. Random when unset. */
  STREAM_SIGNING_SECRET: z.string().min(16).optional(),
  STREAM_URL_TTL_SECONDS: positiveInt.default(6 * 3600),
  /**
   * AES-128 content keys of encrypted clips, `{clipId}.key` (16 bytes each; ADR 0023). Never
   * inside a public media root. The default holds the demo keys, which unlock only demo clips.
   */
  CONTENT_KEYS_DIR: z.string().default(path.join(repoRoot, 'fixtures/media/keys')),
  /**
   * Card payments: `sandbox` (the demo provider on this server, no money moves; ADR 0021) or
   * `none`. Default `sandbox`, but `none` under NODE_ENV=production, which refuses `sandbox`.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'none']).optional(),
  /** Signs sandbox checkout links and callbacks; every instance needs the same. Random when unset. */
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  TRUSTED_PROXIES: z.string().default(''),
  /** Gateway clients as chl:secret pairs, comma separated (README: the demo client). */
  GATEWAY_CLIENTS: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]+:[^,\s]{16,}(,[A-Za-z0-9_-]+:[^,\s]{16,})*$/,
      'must be chl:secret pairs (secrets of 16+ characters)',
    )
    .default('demo-app:demo-app-secret-0123456789'),
  PASSWORD_SCRYPT_COST: z.coerce
    .number()
    .int()
    .refine((n) => n >= 2 && (n & (n - 1)) === 0, 'must be a power of two ≥ 2')
    .default(2 ** 15),
  SESSION_IDLE_SECONDS: positiveInt.default(14 * 86_400),
  SESSION_ABSOLUTE_SECONDS: positiveInt.default(60 * 86_400),
  /** Outgoing mail (password resets): SMTP when set, else .eml files in MAIL_OUTBOX_DIR. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('星河影音 <no-reply@localhost>'),
  MAIL_OUTBOX_DIR: z.string().default(path.join(repoRoot, 'data/outbox')),
  /** Password-reset mails per login id and per address, per hour. */
  RATE_LIMIT_RESET_PER_ID: positiveInt.default(3),
  RATE_LIMIT_RESET_PER_IP: positiveInt.default(20),
  /**
   * Text messages (sign-up codes for mobile-number login ids, docs/adr/0044): POSTed as JSON to
   * SMS_URL when set, else .txt files in SMS_OUTBOX_DIR.
   */
  SMS_URL: z.string().url().optional(),
  SMS_OUTBOX_DIR: z.string().default(path.join(repoRoot, 'data/sms-outbox')),
  /** Sign-up confirmations sent per login id, per hour; wrong tries of one SMS code. */
  RATE_LIMIT_SIGNUP_PER_ID: positiveInt.default(3),
  SIGNUP_CODE_ATTEMPTS: positiveInt.max(10).default(5),
  /** Registered devices and concurrent streams per account (docs/adr/0042); a monthly service may raise them. */
  MAX_DEVICES: positiveInt.max(100).default(7),
  MAX_STREAMS: positiveInt.max(100).default(3),
  /**
   * A stream renewed this recently by this instance is not written again (a heartbeat flood costs
   * no writes). The players renew every 30 s, so each of their renewals is written; 0 writes all.
   */
  STREAM_RENEW_EVERY_SECONDS: z.coerce.number().int().min(0).max(60).default(15),
  /** Console (staff) sessions: 30 minutes idle, 12 hours at most (docs/adr/0036). */
  STAFF_SESSION_IDLE_SECONDS: positiveInt.default(30 * 60),
  STAFF_SESSION_ABSOLUTE_SECONDS: positiveInt.default(12 * 3600),
  RATE_LIMIT_SIGNUP_PER_IP: positiveInt.default(10),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  RATE_LIMIT_LOGIN_PER_IP: positiveInt.default(20),
  /** Wrong passwords per login id (and per account for re-entry and partner codes) before a wait. */
  RATE_LIMIT_LOGIN_PER_ACCOUNT: positiveInt.default(5),
  /** The first wait after too many failures; it doubles with every further failure (ADR 0017). */
  RATE_LIMIT_DELAY_SECONDS: positiveInt.default(30),
  RATE_LIMIT_DELAY_MAX_SECONDS: positiveInt.default(300),
  RATE_LIMIT_KID_PIN_DELAY_AFTER: positiveInt.default(3),
  RATE_LIMIT_KID_PIN_LOCK_AFTER: positiveInt.default(10),
  /** NT$: customer care refunds an order up to this; above it needs finance (docs/adr/0053). */
  CARE_REFUND_LIMIT: positiveInt.default(1000),
  /** Prize draws per sub-account per minute, and per client IP per minute (docs/adr/0026). */
  RATE_LIMIT_DRAW_PER_ACCOUNT: positiveInt.default(10),
  RATE_LIMIT_DRAW_PER_IP: positiveInt.default(600),
  /** Quality-of-experience beacons per client IP per minute (docs/adr/0055). */
  RATE_LIMIT_QOE_PER_IP: positiveInt.default(600),
  /**
   * Days of 播放品質's figures kept (docs/adr/0055); at least the console's longest period
   * (QOE_PERIOD_MAX_DAYS) and a day, so that "the last 90 days" is always whole.
   */
  QOE_KEEP_DAYS: positiveInt.min(QOE_PERIOD_MAX_DAYS + 1).default(100),
  /**
   * Days of app-log entries kept (docs/adr/0061): customer care reads a member's recent playback
   * errors from them; at least a week, so a complaint about last week still finds its errors.
   */
  APP_LOG_KEEP_DAYS: positiveInt.min(7).default(90),
  /**
   * Live bookmarks (plays) a member account, its sub-accounts together, may start per minute
   * (ajaxGetLiveBookmark.do; docs/adr/0025). A channel change starts one.
   */
  RATE_LIMIT_LIVE_BOOKMARK_PER_ACCOUNT: positiveInt.default(120),
  /**
   * Live stream hosts by channel name (SPEC §5): `pattern=>host;…`, first match wins, e.g.
   * `體育|棒球=>sport-live.example.com;新聞=>news-live.example.com`. Empty: same origin as the page.
   */
  LIVE_STREAM_HOST_RULES: z
    .string()
    .default('')
    .superRefine((value, ctx) => {
      const problem = hostRulesProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** liveIsLogin: the live simple-play page needs a signed-in viewer (SPEC §5). */
  LIVE_SIMPLE_PLAY_NEEDS_LOGIN: bool.default(true),
  /** The channel /LiveChannel opens on; empty: the first free channel on air. */
  LIVE_DEFAULT_CHANNEL_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,40}$/, 'must be a channel id')
    .default(''),
  /**
   * Media ingest (docs/adr/0037). Run the ingest worker inside the server process: default on
   * for SQLite (one instance), off for PostgreSQL, where `npm run worker` runs it on its own.
   */
  INGEST_WORKER_IN_SERVER: bool.optional(),
  /** Jobs one worker runs at once; with 2 or more, one slot is kept for short sources. */
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Sources up to this long (seconds) are short jobs (their own slot, ADR 0037). */
  INGEST_SHORT_SECONDS: positiveInt.default(600),
  /** A running job's lease; a worker renews it every few seconds, so a dead one is noticed. */
  INGEST_LEASE_SECONDS: positiveInt.default(30),
  INGEST_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** Wait before a failed attempt runs again, times the number of attempts so far. */
  INGEST_RETRY_SECONDS: z.coerce.number().int().min(0).default(30),
  /** How often an idle worker looks for work (milliseconds). */
  INGEST_POLL_MS: positiveInt.default(2000),
  /** x264's speed for the ladder: slower presets give smaller files for the same quality. */
  INGEST_X264_PRESET: z
    .enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow'])
    .default('veryfast'),
  /** Where uploaded source videos are kept until their job is done (tus uploads, resumable). */
  INGEST_UPLOAD_DIR: z.string().default(path.join(repoRoot, 'data/uploads')),
  /** The largest source video accepted (bytes; default 10 GiB). */
  INGEST_MAX_UPLOAD_BYTES: positiveInt.default(10 * 1024 ** 3),
  /**
   * What instances share (docs/adr/0056): request-rate counts and cache invalidation go through
   * Redis when set (redis:// or rediss://). Unset: counted and cleared in this process alone,
   * right for one instance.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Put before every Redis key and channel, so several sites (or tests) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{0,64}$/, 'must be letters, digits and :_.- (64 at most)')
    .default('site:'),
  /**
   * GET /metrics (docs/adr/0057): answered with `Authorization: Bearer {METRICS_TOKEN}`, or to
   * the addresses (or CIDR ranges) in METRICS_ALLOW_FROM, comma separated. Neither set: 404.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_ALLOW_FROM: z
    .string()
    .default('')
    .superRefine((value, ctx) => {
      const wrong = value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '' && !isAddressOrRange(s));
      if (wrong.length > 0)
        ctx.addIssue({ code: 'custom', message: `not an address or CIDR range: ${wrong[0]}` });
    }),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
});

export type ConfigInput = Partial<Record<keyof typeof configSchema.shape, string>>;
export interface Config extends Omit<
  z.infer<typeof configSchema>,
  | 'PUBLIC_URL'
  | 'STREAM_SIGNING_SECRET'
  | 'PAYMENT_PROVIDER'
  | 'PAYMENT_SANDBOX_SECRET'
  | 'XMLTV_ID_DOMAIN'
  | 'INGEST_WORKER_IN_SERVER'
> {
  /** Resolved: on by default for SQLite, off for PostgreSQL. */
  INGEST_WORKER_IN_SERVER: boolean;
  /** Absolute origin used in share links and Open Graph tags, without a trailing slash. */
  PUBLIC_URL: string;
  STREAM_SIGNING_SECRET: string;
  XMLTV_ID_DOMAIN: string;
  PAYMENT_PROVIDER: 'sandbox' | 'none';
  PAYMENT_SANDBOX_SECRET: string;
  /** Demo settings in use, one sentence each: warned about at start, refused in production. */
  demoDefaults: string[];
}

/** The gateway secret the README publishes for the demo app. */
export const DEMO_GATEWAY_SECRET = 'demo-app-secret-0123456789';

function demoDefaultsInUse(value: z.infer<typeof configSchema>): string[] {
  const found: string[] = [];
  if (value.GATEWAY_CLIENTS.split(',').some((pair) => pair.endsWith(`:${DEMO_GATEWAY_SECRET}`)))
    found.push('GATEWAY_CLIENTS uses the gateway secret published in the README');
  if (value.SEED_ON_START)
    found.push('SEED_ON_START=true loads demo accounts whose passwords are published');
  if (value.STREAM_SIGNING_SECRET === undefined)
    found.push(
      'STREAM_SIGNING_SECRET is unset (a random one per process breaks stream URLs across instances)',
    );
  return found;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(raw[name])} ${issue.message}`,
    );
  }
  const value = parsed.data;
  const demoDefaults = demoDefaultsInUse(value);
  if (value.NODE_ENV === 'production' && demoDefaults.length > 0) {
    throw new ConfigError(`Refusing to start with NODE_ENV=production: ${demoDefaults.join('; ')}`);
  }
  const production = value.NODE_ENV === 'production';
  if (production && value.PAYMENT_PROVIDER === 'sandbox') {
    throw new ConfigError(
      'Refusing to start with NODE_ENV=production: PAYMENT_PROVIDER=sandbox grants titles without payment',
    );
  }
  const publicUrl = value.PUBLIC_URL ?? `http://localhost:${value.PORT}`;
  return {
    ...value,
    PUBLIC_URL: publicUrl.replace(/\/+$/, ''),
    XMLTV_ID_DOMAIN: value.XMLTV_ID_DOMAIN ?? new URL(publicUrl).hostname,
    STREAM_SIGNING_SECRET: value.STREAM_SIGNING_SECRET ?? crypto.randomBytes(32).toString('hex'),
    PAYMENT_PROVIDER: value.PAYMENT_PROVIDER ?? (production ? 'none' : 'sandbox'),
    PAYMENT_SANDBOX_SECRET: value.PAYMENT_SANDBOX_SECRET ?? crypto.randomBytes(32).toString('hex'),
    INGEST_WORKER_IN_SERVER:
      value.INGEST_WORKER_IN_SERVER ?? value.DATABASE_URL.startsWith('sqlite:'),
    demoDefaults,
  };
}
