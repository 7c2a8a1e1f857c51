import { z } from 'zod';

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
  JWT_LIFETIME_SECONDS: z.coerce.number().int().positive().default(12 * 3600),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
