import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { StoreKind } from '../database/database';
import { createBullMqTimers } from '../timers/bullmq-timers';
import { createInProcessTimers } from '../timers/in-process-timers';
import type { TimerKind, TimerPort } from '../timers/timer-port';
import { testStoreKinds } from './test-database';

const only = () => process.env.TEST_TIMERS?.split(',').map((kind) => kind.trim());

/**
 * Timer adapters a suite runs on: in-process always, BullMQ too when TEST_REDIS_URL is set.
 * TEST_TIMERS=bullmq (or inprocess) narrows it, like TEST_STORES for stores.
 */
export function testTimerKinds(): TimerKind[] {
  const kinds: TimerKind[] = process.env.TEST_REDIS_URL ? ['inprocess', 'bullmq'] : ['inprocess'];
  const narrowed = only();
  return narrowed ? kinds.filter((kind) => narrowed.includes(kind)) : kinds;
}

/**
 * Store × timers pairs for suites that need both, as the run modes pair them: PGlite with in-process
 * timers (embedded), PostgreSQL with BullMQ when TEST_REDIS_URL is set (services), else in-process.
 */
export function testStoreTimerKinds(): Array<[StoreKind, TimerKind]> {
  const pairs = testStoreKinds().map((store): [StoreKind, TimerKind] => [
    store,
    store === 'postgres' && process.env.TEST_REDIS_URL ? 'bullmq' : 'inprocess',
  ]);
  const narrowed = only();
  return narrowed ? pairs.filter(([, timers]) => narrowed.includes(timers)) : pairs;
}

export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set');
  return url;
}

/** A Redis key prefix of one test's own, so tests never see each other's jobs. */
export const testTimerPrefix = () => `test-${randomBytes(6).toString('hex')}`;

/** The timers plugin's options for one test: short retries, and on BullMQ a prefix of its own. */
export function testTimerOptions(kind: TimerKind, prefix = testTimerPrefix()) {
  return kind === 'bullmq' ? { redisUrl: testRedisUrl(), prefix, retryDelayMs: 50 } : { redisUrl: undefined, retryDelayMs: 50 };
}

/** A bare timer adapter; BullMQ ports opened with the same prefix share their timers (two processes, or a restart). */
export function openTestTimerPort(kind: TimerKind, prefix: string, onError?: (error: unknown) => void): TimerPort {
  return kind === 'bullmq'
    ? createBullMqTimers({ redisUrl: testRedisUrl(), prefix, retryDelayMs: 50, onError })
    : createInProcessTimers({ retryDelayMs: 50, onError: onError && ((error) => onError(error)) });
}

/** Deletes a test prefix's Redis keys — timers, socket.io streams (a no-op without TEST_REDIS_URL). */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  if (!process.env.TEST_REDIS_URL) return;
  const redis = new Redis(process.env.TEST_REDIS_URL, { maxRetriesPerRequest: null });
  try {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}:*`, count: 500 }) as AsyncIterable<string[]>) keys.push(...batch);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
