import { z } from 'zod';
import { LIMITS } from '@plantride/schemas';
import { parseTrustProxy } from './security/trust-proxy';

// Compose files often pass a variable as empty; that means "not set".
const blankAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL; without it the embedded PGlite store in DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_SCHEMA: z.string().default('public'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built web client to serve; skipped when the folder does not exist. */
  CLIENT_DIST: z.string().optional(),
  NODE_ENV: z.string().default('development'),
  /** HMAC secret for session tokens, at least 32 characters; required in production. */
  JWT_SECRET: z.string().min(32).optional(),
  /** Session token lifetime in seconds (default 12 h). */
  JWT_LIFETIME_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600),
  /** Admin created at start when both are set and no account has this token number. */
  ADMIN_TOKEN_NO: z.preprocess(
    blankAsUnset,
    z.string().trim().toUpperCase().min(LIMITS.tokenMinLength).max(LIMITS.tokenMaxLength).optional(),
  ),
  ADMIN_PASSWORD: z.preprocess(blankAsUnset, z.string().min(LIMITS.passwordMinLength).optional()),
  /** '0' turns off the demo accounts created in embedded mode on an empty store. */
  DEMO: z.string().default('1'),
  /** Sign-in attempts allowed per token number, and per client address, in each window. */
  SIGNIN_MAX_PER_TOKEN: z.coerce.number().int().positive().default(10),
  SIGNIN_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  SIGNIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
  /** Longest wait an account's failed sign-ins (from every address together) put before its next one. */
  SIGNIN_BACKOFF_MAX_MS: z.coerce.number().int().min(0).default(4_000),
  /** How long a one-time code (a driver's activation code, a password reset code) works after the admin issues it: 7 days. */
  ACCESS_CODE_TTL_HOURS: z.coerce.number().positive().default(168),
  /** A driver's shift ends by itself this long after he starts it (issue #20). */
  SHIFT_HOURS: z.coerce.number().positive().max(24).default(8),
  /** State-changing API calls one signed-in user may make at once: per window of BURST / PER_SEC seconds (shared across engine processes through REDIS_URL). */
  COMMAND_RATE_BURST: z.coerce.number().int().positive().default(20),
  /** His average rate over time, calls a second; sets the window's length with COMMAND_RATE_BURST (20 and 5: 20 per 4 s). */
  COMMAND_RATE_PER_SEC: z.coerce.number().positive().default(5),
  /** Calls (reads too) one service account may make at once on /api/v1 (issue #33): per window of BURST / PER_SEC seconds. */
  SERVICE_RATE_BURST: z.coerce.number().int().positive().default(120),
  /** Its average rate over time, calls a second (120 and 10: 120 per 12 s). */
  SERVICE_RATE_PER_SEC: z.coerce.number().positive().default(10),
  /** Hosts webhooks may be delivered to (issue #33): comma-separated names, `*.example.com` for subdomains, `*` any public host; unset, none. */
  WEBHOOK_ALLOWED_HOSTS: z.preprocess(blankAsUnset, z.string().optional()).transform((value) =>
    (value ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  ),
  /** '1': webhooks may also go to loopback, private and link-local addresses (a receiver on the same machine, tests). */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
  /** How long one delivery may take before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** How long a failing delivery is tried again (1, 2, 4 … s apart, at most a minute) before its subscription is parked. */
  WEBHOOK_RETRY_HOURS: z.coerce.number().positive().default(24),
  /** The first retry's delay; each further one doubles it. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().positive().default(1_000),
  /** The MQTT broker AMR robots speak VDA 5050 on (issue #33 item 4), e.g. mqtt://127.0.0.1:1883; unset, no robot is driven. */
  MQTT_URL: z.preprocess(blankAsUnset, z.string().url().optional()),
  /** A robot with less battery charge than this (per cent) takes no ride; a ride it holds goes on. */
  AMR_MIN_BATTERY: z.coerce.number().min(0).max(100).default(20),
  /** How long a robot whose connection broke (or went offline) mid-ride may take to come back before it counts as a breakdown. */
  AMR_RECONNECT_GRACE_MS: z.coerce.number().int().min(0).default(15_000),
  /** Web Push (issue #34 item 1): the server's VAPID key pair, base64url (`npm run vapid` makes one); unset, no notifications. */
  VAPID_PUBLIC_KEY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'a P-256 public key, base64url')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key, base64url')
      .optional(),
  ),
  /** Whom push services may contact about this server: a mailto: or https: URL (Apple refuses pushes without a valid one). */
  VAPID_SUBJECT: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: URL')
      .optional(),
  ),
  /** Push services' hosts the engine may POST to (a browser names its endpoint): comma-separated, `*.example.com` for subdomains. */
  PUSH_ALLOWED_HOSTS: z
    .preprocess(blankAsUnset, z.string().default('fcm.googleapis.com,*.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com'))
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** '1': push endpoints may also be loopback or private addresses, and plain http (a push service of the tests' own). */
  PUSH_ALLOW_PRIVATE: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
  /** Proxies whose X-Forwarded-For names the client (the address sign-in limits count): a hop count or comma-separated addresses/CIDRs; unset, none. */
  TRUST_PROXY: z.preprocess(blankAsUnset, z.string().optional()).transform((value, context) => {
    try {
      return parseTrustProxy(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  /** Redis for BullMQ timers and the socket.io adapter across engine processes; without it timers run in-process. */
  REDIS_URL: z.preprocess(blankAsUnset, z.string().optional()),
  /** '1' (PostgreSQL + Redis): socket.io connections are served by a second engine process this one starts (deploy/socket-process.ts). */
  SOCKET_PROCESS: z.preprocess(blankAsUnset, z.enum(['0', '1']).default('0')),
  /** A redistributed ride nobody took over: the requester hears noAlternativeDriver again each period. */
  REASSIGN_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** A ride still requested after this long raises rideWaitingTooLong to staff and is re-announced to drivers. */
  RIDE_WAIT_ALERT_MS: z.coerce.number().int().positive().default(300_000),
  /** Bearer token GET /metrics asks for; unset, /metrics is open to whoever reaches the port, except in production, where it is closed (403). */
  METRICS_TOKEN: z.preprocess(blankAsUnset, z.string().min(16).optional()),
  /** '1' serves the OpenAPI document (/api/docs) in production too, '0' nowhere; unset, only outside production. */
  API_DOCS: z.preprocess(blankAsUnset, z.enum(['0', '1']).optional()),
  /** Prefix of every Redis key and channel of this deployment (timers queue, socket.io); deployments sharing a Redis differ in it. */
  REDIS_PREFIX: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .default('plantride'),
  ),
  /** Comma-separated origins (scheme://host[:port]) whose pages may call the API cross-origin; unset, same-origin only. */
  CORS_ORIGINS: z.preprocess(
    blankAsUnset,
    z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().url())),
  ),
});

export type Config = z.infer<typeof configSchema>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration, parsed once by `buildApp` (or given to it); plugins get their parts through their options. */
    config: Config;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const vapidSet = [parsed.data.VAPID_PUBLIC_KEY, parsed.data.VAPID_PRIVATE_KEY, parsed.data.VAPID_SUBJECT].filter(Boolean).length;
  if (vapidSet > 0 && vapidSet < 3)
    throw new Error('Invalid configuration: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are set together or not at all');
  return parsed.data;
}

/** The VAPID keys when all three are set (loadConfig refuses some without the others). */
export function vapidOf(config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>) {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  return publicKey && privateKey && subject ? { publicKey, privateKey, subject } : undefined;
}
