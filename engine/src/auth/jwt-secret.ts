import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The JWT secret: from the environment, or (embedded mode outside production) a random one
 * kept in the data folder so sessions survive a restart of a demo.
 */
export function resolveJwtSecret(options: { fromEnv?: string; production: boolean; dataDir?: string }): string {
  if (options.fromEnv) return options.fromEnv;
  if (options.production || !options.dataDir) {
    throw new Error('JWT_SECRET is required (at least 32 characters) when running in production or on PostgreSQL.');
  }
  const file = join(options.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
