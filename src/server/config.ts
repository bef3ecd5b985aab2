import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Parsed once at start; a bad value stops the process with a message that
 * names the key. Every key is optional: with none set the app runs on the embedded database in ./data.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const rateLimit = z
  .string()
  .regex(/^\d+\/\d+$/, 'must look like "count/seconds", for example 5/60')
  .transform((value) => {
    const [max, seconds] = value.split('/').map(Number) as [number, number];
    return { max, windowMs: seconds * 1000 };
  });

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: every interface, IPv6 and IPv4 where the machine has both. */
  HOST: z.string().min(1).optional(),
  BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  TRUST_PROXY: booleanish.default(false),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  SSE_HEARTBEAT_MS: z.coerce.number().int().positive().default(25_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * scrypt's cost for new password hashes, as log2 N: each step doubles the work of hashing (and of guessing) a
   * password. 14 (better-auth's) by default; hashes made at another cost keep verifying (src/server/password-hash.ts).
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(14),
  /** The owner sign-in password; generated and printed once at first start when unset. */
  OWNER_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** One password for the four demo accounts seeded at first start; each gets a generated one when unset. */
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Rate limits as "count/seconds". */
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: rateLimit.prefault('5/60'),
  RATE_LIMIT_SIGN_IN_PER_IP: rateLimit.prefault('30/60'),
  RATE_LIMIT_SIGN_UP_PER_IP: rateLimit.prefault('25/300'),
  /** Forgot password: links asked for one e-mail address, and from one client address. */
  RATE_LIMIT_PASSWORD_RESET_PER_EMAIL: rateLimit.prefault('3/3600'),
  RATE_LIMIT_PASSWORD_RESET_PER_IP: rateLimit.prefault('10/3600'),
  /** A member's "Resend verification e-mail": the cooldown between two. */
  RATE_LIMIT_VERIFICATION_EMAIL: rateLimit.prefault('1/60'),
  /** Two-factor codes typed at sign-in (per client address) and in Account settings (per member). */
  RATE_LIMIT_TWO_FACTOR_CODES: rateLimit.prefault('10/300'),
  /**
   * Two-factor sign-in for staff who see private data (src/shared/staff-two-factor.ts): `optional` shows them a
   * banner, `required` answers their dashboard requests only once they have set it up.
   */
  STAFF_2FA: z.enum(['optional', 'required']).default('optional'),
  /**
   * Owner sign-in: wrong passwords one client address may try before it must wait (doubling each time, at most
   * an hour), and how long every attempt waits once many wrong passwords came in the last hour from anywhere.
   * Neither refuses the right password from an address that is not itself backing off.
   */
  OWNER_SIGN_IN_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  OWNER_SIGN_IN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  RATE_LIMIT_UPLOADS_PER_USER: rateLimit.prefault('30/3600'),
  /** Per member, counted in each instance's memory: the frequent actions (docs in README, "Abuse limits"). */
  RATE_LIMIT_POSTS_PER_USER: rateLimit.prefault('10/600'),
  RATE_LIMIT_COMMENTS_PER_USER: rateLimit.prefault('30/600'),
  RATE_LIMIT_MESSAGES_PER_USER: rateLimit.prefault('60/60'),
  RATE_LIMIT_REPORTS_PER_USER: rateLimit.prefault('20/3600'),
  RATE_LIMIT_RATINGS_PER_USER: rateLimit.prefault('30/3600'),
  RATE_LIMIT_SEARCHES_PER_USER: rateLimit.prefault('120/60'),
  /** Per member, counted in the database across instances: the costly writes. */
  RATE_LIMIT_ORDERS_PER_USER: rateLimit.prefault('10/600'),
  /** Promo codes a member may try that turn out not to apply (counted in the database, across instances). */
  RATE_LIMIT_PROMO_CODES_PER_USER: rateLimit.prefault('10/900'),
  RATE_LIMIT_EXPORTS_PER_USER: rateLimit.prefault('20/3600'),
  /** Open event streams one session may hold at once (the app opens one per browser, shared by its tabs). */
  SSE_MAX_STREAMS_PER_SESSION: z.coerce.number().int().positive().default(4),
  /** How long a driver has after Call Dibs to submit an ETA (the spec's 5 minutes). */
  ETA_WINDOW_MS: z.coerce.number().int().min(1000).default(300_000),
  /**
   * When nobody answers: how long after Notify Customer a driver may leave the order at the door with a photo
   * (or once the promised time has passed, whichever comes first).
   */
  DOOR_PHOTO_WAIT_MS: z.coerce.number().int().min(1000).default(600_000),
  /** How often the server returns expired claims to the queue. */
  CLAIM_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /** How often the SMS sender looks for queued messages (src/features/sms/server/sms-sender.ts). */
  SMS_SEND_INTERVAL_MS: z.coerce.number().int().min(50).default(2_000),
  /** How often each instance looks for Download My Data archives to build and expired ones to remove. */
  DATA_EXPORT_INTERVAL_MS: z.coerce.number().int().min(50).default(5_000),
  /** Archives of at most this many rows and files are built during the request; larger ones in the background. */
  DATA_EXPORT_INLINE_MAX_ITEMS: z.coerce.number().int().min(0).default(500),
  /** Twilio's REST API; tests point it at a local fake. */
  TWILIO_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
  /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (several instances share it). */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The S3-compatible server's URL (MinIO, R2, B2…); unset for AWS S3 itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset: the AWS SDK's own chain (an instance role, …). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** bucket.host/key (false) or host/bucket/key (true, what most S3-compatible servers want). */
  S3_FORCE_PATH_STYLE: booleanish.default(true),
  /** E-mail by SMTP (smtp://user:pass@host:587 or smtps://…:465) from MAIL_FROM; unset: written to DATA_DIR/outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /**
   * Web push (README, "Push notifications"). Unset keys are generated once and stored in the database, so every
   * instance signs with the same pair; set both to use your own (`npx web-push generate-vapid-keys`).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** Who push services contact about this sender: a mailto: or https: URL. Unset: BASE_URL when it is https. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+|https:\/\/.+)$/, 'must be a mailto: or https: URL')
    .optional(),
  /** The push services a subscription may point at: host names, `*.` for any subdomain, comma-separated. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(
      'fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,*.push.apple.com',
    )
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Tests only: let subscriptions point at private and loopback addresses (a fake push service on 127.0.0.1).
   * Refused unless NODE_ENV=test, so a production server can never be told to push into its own network.
   */
  PUSH_ALLOW_PRIVATE_ADDRESSES: booleanish.default(false),
  /** How often each instance looks for pushes to send (src/features/notifications/server/push-sender.ts). */
  PUSH_SEND_INTERVAL_MS: z.coerce.number().int().min(50).default(1_000),
  /** Largest image accepted before re-encoding. */
  IMAGE_UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string | undefined;
  baseUrl: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  trustProxy: boolean;
  authSecret: string | undefined;
  logLevel: string;
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  sseHeartbeatMs: number;
  shutdownTimeoutMs: number;
  ownerPassword: string | undefined;
  passwordHashCost: number;
  demoPassword: string | undefined;
  rateLimits: {
    signInPerAccount: RateLimitRule;
    signInPerIp: RateLimitRule;
    signUpPerIp: RateLimitRule;
    passwordResetPerEmail: RateLimitRule;
    passwordResetPerIp: RateLimitRule;
    verificationEmail: RateLimitRule;
    twoFactorCodes: RateLimitRule;
    uploadsPerUser: RateLimitRule;
    posts: RateLimitRule;
    comments: RateLimitRule;
    messages: RateLimitRule;
    reports: RateLimitRule;
    ratings: RateLimitRule;
    searches: RateLimitRule;
    orders: RateLimitRule;
    promoCodes: RateLimitRule;
    exports: RateLimitRule;
  };
  ownerSignIn: { freeFailures: number; slowdownMs: number };
  staffTwoFactor: 'optional' | 'required';
  /** Set when mail goes out by SMTP; otherwise messages are written to DATA_DIR/outbox. */
  smtp: { url: string; from: string } | undefined;
  sseMaxStreamsPerSession: number;
  imageUploadLimitBytes: number;
  push: {
    /** Both set from the environment, or undefined: the keys stored in the database. */
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    vapidSubject: string;
    serviceHosts: string[];
    allowPrivateAddresses: boolean;
    sendIntervalMs: number;
  };
  etaWindowMs: number;
  doorPhotoWaitMs: number;
  claimSweepIntervalMs: number;
  smsSendIntervalMs: number;
  dataExportIntervalMs: number;
  dataExportInlineMaxItems: number;
  twilioBaseUrl: string;
  /** Set when uploads live in an S3-compatible bucket. */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const key = issue.path.join('.');
        const given = cleaned[key];
        return `${key}: ${issue.message}${given !== undefined && !/SECRET|PASSWORD|PRIVATE_KEY|SMTP_URL/.test(key) ? ` (got "${given}")` : ''}`;
      }),
    );
  }
  const e = result.data;
  if (e.DATABASE_URL && !e.AUTH_SECRET) {
    throw new ConfigError([
      'AUTH_SECRET: required when DATABASE_URL is set (several instances must share one secret); at least 32 characters',
    ]);
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError(['S3_BUCKET: required when S3_ENDPOINT or S3_ACCESS_KEY_ID is set']);
  }
  if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM)) {
    throw new ConfigError([
      'MAIL_FROM: SMTP_URL and MAIL_FROM are set together (the sender, "The Vault <vault@example.com>")',
    ]);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
    ]);
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(['VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together']);
  }
  if (e.PUSH_ALLOW_PRIVATE_ADDRESSES && e.NODE_ENV !== 'test') {
    throw new ConfigError([
      'PUSH_ALLOW_PRIVATE_ADDRESSES: only for tests (NODE_ENV=test); a server must never push into its own network',
    ]);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    sseHeartbeatMs: e.SSE_HEARTBEAT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    ownerPassword: e.OWNER_PASSWORD,
    passwordHashCost: e.PASSWORD_HASH_COST,
    demoPassword: e.DEMO_PASSWORD,
    rateLimits: {
      signInPerAccount: e.RATE_LIMIT_SIGN_IN_PER_ACCOUNT,
      signInPerIp: e.RATE_LIMIT_SIGN_IN_PER_IP,
      signUpPerIp: e.RATE_LIMIT_SIGN_UP_PER_IP,
      passwordResetPerEmail: e.RATE_LIMIT_PASSWORD_RESET_PER_EMAIL,
      passwordResetPerIp: e.RATE_LIMIT_PASSWORD_RESET_PER_IP,
      verificationEmail: e.RATE_LIMIT_VERIFICATION_EMAIL,
      twoFactorCodes: e.RATE_LIMIT_TWO_FACTOR_CODES,
      uploadsPerUser: e.RATE_LIMIT_UPLOADS_PER_USER,
      posts: e.RATE_LIMIT_POSTS_PER_USER,
      comments: e.RATE_LIMIT_COMMENTS_PER_USER,
      messages: e.RATE_LIMIT_MESSAGES_PER_USER,
      reports: e.RATE_LIMIT_REPORTS_PER_USER,
      ratings: e.RATE_LIMIT_RATINGS_PER_USER,
      searches: e.RATE_LIMIT_SEARCHES_PER_USER,
      orders: e.RATE_LIMIT_ORDERS_PER_USER,
      promoCodes: e.RATE_LIMIT_PROMO_CODES_PER_USER,
      exports: e.RATE_LIMIT_EXPORTS_PER_USER,
    },
    ownerSignIn: { freeFailures: e.OWNER_SIGN_IN_FREE_FAILURES, slowdownMs: e.OWNER_SIGN_IN_SLOWDOWN_MS },
    staffTwoFactor: e.STAFF_2FA,
    smtp: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    sseMaxStreamsPerSession: e.SSE_MAX_STREAMS_PER_SESSION,
    imageUploadLimitBytes: e.IMAGE_UPLOAD_LIMIT_BYTES,
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject:
        e.VAPID_SUBJECT ?? (baseUrl.startsWith('https://') ? baseUrl : 'mailto:push@the-vault.invalid'),
      serviceHosts: e.PUSH_SERVICE_HOSTS,
      allowPrivateAddresses: e.PUSH_ALLOW_PRIVATE_ADDRESSES,
      sendIntervalMs: e.PUSH_SEND_INTERVAL_MS,
    },
    etaWindowMs: e.ETA_WINDOW_MS,
    doorPhotoWaitMs: e.DOOR_PHOTO_WAIT_MS,
    claimSweepIntervalMs: e.CLAIM_SWEEP_INTERVAL_MS,
    smsSendIntervalMs: e.SMS_SEND_INTERVAL_MS,
    dataExportIntervalMs: e.DATA_EXPORT_INTERVAL_MS,
    dataExportInlineMaxItems: e.DATA_EXPORT_INLINE_MAX_ITEMS,
    twilioBaseUrl: e.TWILIO_BASE_URL.replace(/\/$/, ''),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
  };
}

/** Reads the process environment. Scripts and the server entry call this; nothing else touches process.env. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}
