import { performance } from 'node:perf_hooks';
import { PROJECTIONS } from '@plantride/projections';
import type { Database } from '../../engine/src/database/database';
import { migrateEventStore } from '../../engine/src/event-store/migrations';
import { migrateProjections } from '../../engine/src/projection-runner/projection-runner';
import { BulkAppender } from './bulk-append';
import { RideHistory, assertValid, type GeneratedEvent, type HistoryOptions } from './ride-history.generator';

const DAY = 24 * 3600_000;
const RIDES_PER_WRITE = 400;
/** Events per ride on average in the generator's mix (measured), to spread the rides over the days asked. */
const EVENTS_PER_RIDE = 6;

export interface FillOptions {
  /** Stop once at least this many events (or rides) are written. */
  events?: number;
  rides?: number;
  /** Spread the rides over this many days up to now. */
  days?: number;
  seed?: number;
  /** The plant's people (RideHistory's defaults otherwise). */
  people?: Pick<HistoryOptions, 'requesters' | 'driversPerType' | 'passwordHash'>;
  onProgress?: (written: number) => void;
}

/** Migrates a fresh store as the engine would and fills it with a generated history. */
export async function fillStore(
  database: Database,
  options: FillOptions,
): Promise<{ events: number; rides: number; ms: number; history: RideHistory }> {
  await migrateEventStore(database.db);
  await migrateProjections(database.db, PROJECTIONS);
  const started = performance.now();
  const days = options.days ?? 365;
  const expectedRides = options.rides ?? Math.ceil((options.events ?? 1_000_000) / EVENTS_PER_RIDE);
  const startMs = Date.now() - days * DAY;
  const history = new RideHistory({
    startMs,
    gapMs: Math.max(1, Math.floor((days * DAY) / expectedRides)),
    seed: options.seed,
    ...options.people,
  });
  const appender = new BulkAppender(database);
  const write = async (events: GeneratedEvent[]) => {
    events.forEach(assertValid);
    await appender.write(events.sort((a, b) => a.at - b.at));
    options.onProgress?.(appender.written);
  };
  await write(history.people());
  const done = () => (options.rides !== undefined ? history.rides >= options.rides : appender.written >= (options.events ?? 1_000_000));
  while (!done()) {
    const chunk: GeneratedEvent[] = [];
    const limit = options.rides !== undefined ? Math.min(RIDES_PER_WRITE, options.rides - history.rides) : RIDES_PER_WRITE;
    for (let i = 0; i < limit; i += 1) chunk.push(...history.nextRide());
    await write(chunk);
  }
  return { events: appender.written, rides: history.rides, ms: Math.round(performance.now() - started), history };
}
