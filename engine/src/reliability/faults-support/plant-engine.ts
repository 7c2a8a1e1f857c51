import { randomBytes } from 'node:crypto';
import { followLive, type LiveFollower } from './live-follower';
import { Commander, setUpPlant, type Plant } from './plant-load';

export interface PlantEngineEnv {
  databaseUrl: string;
  schema: string;
  redisUrl: string;
  redisPrefix: string;
  adminPassword: string;
  rideWaitAlertMs: number;
}

/** An engine child's environment in these tests: its own schema and Redis prefix, quick timers, no demo accounts. */
export function plantEngineEnv(options: PlantEngineEnv): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    DATABASE_SCHEMA: options.schema,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: options.redisPrefix,
    ...engineTestEnv({ adminPassword: options.adminPassword, reassignTimeoutMs: 2000, rideWaitAlertMs: options.rideWaitAlertMs }),
  };
}

/** What every engine child of these tests shares, whatever its store: a fresh secret, the admin, no demo, quick timers. */
export function engineTestEnv(options: {
  adminPassword: string;
  reassignTimeoutMs: number;
  rideWaitAlertMs: number;
}): Record<string, string> {
  return {
    JWT_SECRET: randomBytes(32).toString('hex'),
    DEMO: '0',
    ADMIN_TOKEN_NO: 'AD01',
    ADMIN_PASSWORD: options.adminPassword,
    CLIENT_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
    // Every party signs in from this one address.
    SIGNIN_MAX_PER_ADDRESS: '1000',
    // Load lanes command as fast as the engine answers; the per-user limit is tested in security/floods.test.ts.
    COMMAND_RATE_BURST: '1000000',
    COMMAND_RATE_PER_SEC: '1000000',
    REASSIGN_TIMEOUT_MS: String(options.reassignTimeoutMs),
    RIDE_WAIT_ALERT_MS: String(options.rideWaitAlertMs),
  };
}

export interface SignedInPlant {
  commander: Commander;
  plant: Plant;
  /** The store's head when the sockets connected: they must hear everything after it. */
  fromPosition: number;
  /** Who the sockets belong to, in the order of `followers`. */
  watched: string[];
  followers: LiveFollower[];
}

/** Signs the admin and `lanes` requester/driver pairs in, then connects a socket for each of `watch(plant)`. */
export async function signInPlant(
  url: string,
  adminPassword: string,
  lanes: number,
  watch: (plant: Plant) => string[],
): Promise<SignedInPlant> {
  const commander = new Commander(() => url);
  const plant = await setUpPlant(commander, 'AD01', adminPassword, lanes);
  const fromPosition = ((await (await fetch(`${url}/api/health`)).json()) as { position: number }).position;
  const watched = watch(plant);
  const followers: LiveFollower[] = [];
  for (const tokenNo of watched) followers.push(await followLive(url, commander.tokens[tokenNo]!, fromPosition));
  return { commander, plant, fromPosition, watched, followers };
}
