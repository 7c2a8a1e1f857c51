import pg from 'pg';
import { PROJECTIONS } from '@plantride/projections';
import { openDatabase } from '../../database/database';
import { createPostgresEventStore } from '../../event-store/postgres-event-store';
import { rebuildProjections } from '../../projection-runner/rebuild';
import { dumpReadModels } from '../../test-support/read-model-dump';
import type { Answered, RideLog } from './plant-load';

export interface StoredEvent {
  position: number;
  streamId: string;
  streamPosition: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/** Every event of the schema's store, in position order, read with a connection of its own. */
export async function readStoredEvents(url: string, schema: string): Promise<StoredEvent[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      global_position: string;
      stream_id: string;
      stream_position: string;
      event_type: string;
      data: Record<string, unknown>;
      metadata: Record<string, unknown>;
    }>(`select global_position, stream_id, stream_position, event_type, data, metadata from "${schema}".events order by global_position`);
    return rows.map((row) => ({
      position: Number(row.global_position),
      streamId: row.stream_id,
      streamPosition: Number(row.stream_position),
      type: row.event_type,
      data: row.data,
      metadata: row.metadata,
    }));
  } finally {
    await client.end();
  }
}

/** Answered commands whose event is not in the store at the answered position with one of the command's correlation ids. */
export function missingAnswered(answered: readonly Answered[], events: readonly StoredEvent[]): string[] {
  const byPosition = new Map(events.map((event) => [event.position, event]));
  return answered
    .filter((command) => !command.correlationIds.includes(String(byPosition.get(command.position)?.metadata.correlationId)))
    .map((command) => `${command.action} answered at position ${command.position} (key ${command.key})`);
}

/** Streams whose positions are not 1..n without a gap or a repeat (a partial or doubled write). */
export function brokenStreams(events: readonly StoredEvent[]): string[] {
  const positions = new Map<string, number[]>();
  for (const event of events) positions.set(event.streamId, [...(positions.get(event.streamId) ?? []), event.streamPosition]);
  return [...positions].filter(([, list]) => list.some((p, i) => p !== i + 1)).map(([streamId, list]) => `${streamId}: ${list.join(',')}`);
}

/**
 * Commands that took effect twice: a command's events in a stream are one append, so their stream
 * positions follow each other; a retry appending again would leave a gap between them.
 */
export function repeatedCommands(events: readonly StoredEvent[]): string[] {
  const appends = new Map<string, number[]>();
  for (const event of events) {
    if (typeof event.metadata.commandId !== 'string') continue;
    const key = `${event.metadata.commandId} on ${event.streamId}`;
    appends.set(key, [...(appends.get(key) ?? []), event.streamPosition]);
  }
  return [...appends]
    .filter(([, list]) => list.some((p, i) => i > 0 && p !== list[i - 1]! + 1))
    .map(([key, list]) => `${key}: stream positions ${list.join(',')}`);
}

export interface TimerFindings {
  waitAlertsOf: Map<string, number>;
  /** Problems: a timer fired twice, a notice missing from a chain, a left ride never alerted. */
  problems: string[];
  /** Timer events in the store. */
  fired: number;
}

/**
 * Timer effects per ride: at most one wait alert per ride, exactly one for each ride left
 * requested; reassignment notices of a broken-down ride numbered 1..n without a repeat, each due
 * when the one before said the next would be, and at least `minNotices` of them.
 */
export function timerFindings(events: readonly StoredEvent[], log: RideLog, minNotices = 1): TimerFindings {
  const rideOf = (event: StoredEvent) => String(event.data.rideId);
  const waitAlertsOf = new Map<string, number>();
  const notices = new Map<string, StoredEvent[]>();
  let fired = 0;
  for (const event of events) {
    if (event.type === 'RideWaitAlerted') {
      fired += 1;
      waitAlertsOf.set(rideOf(event), (waitAlertsOf.get(rideOf(event)) ?? 0) + 1);
    }
    if (['RideOfferExpired', 'RideReleased', 'RideSlaBreached'].includes(event.type)) fired += 1;
    if (event.type === 'ReassignmentOverdue') {
      fired += 1;
      notices.set(rideOf(event), [...(notices.get(rideOf(event)) ?? []), event]);
    }
  }
  const problems: string[] = [];
  problems.push(...dispatchTimerProblems(events, log));
  for (const [rideId, count] of waitAlertsOf) if (count > 1) problems.push(`ride ${rideId}: wait alert fired ${count} times`);
  for (const rideId of log.leftRequested)
    if (waitAlertsOf.get(rideId) !== 1) problems.push(`ride ${rideId} left requested: ${waitAlertsOf.get(rideId) ?? 0} wait alerts`);
  for (const rideId of log.brokenDown) {
    const chain = notices.get(rideId) ?? [];
    if (chain.length < minNotices)
      problems.push(`ride ${rideId} broken down: ${chain.length} reassignment notices, expected at least ${minNotices}`);
    chain.forEach((notice, i) => {
      if (notice.data.notice !== i + 1) problems.push(`ride ${rideId}: notice ${String(notice.data.notice)} where ${i + 1} was due`);
      const before = chain[i - 1];
      if (before && before.data.nextDueAt !== notice.data.dueAt)
        problems.push(`ride ${rideId}: notice ${i + 1} due ${String(notice.data.dueAt)}, announced for ${String(before.data.nextDueAt)}`);
    });
  }
  return { waitAlertsOf, problems, fired };
}

/**
 * Issue #20's timers, each once: an offer's expiry per ride and round, a release per ride booked for
 * later, a missed target per ride and target; every offer of a lapsed ride expired, and every ride
 * booked for later was released.
 */
function dispatchTimerProblems(events: readonly StoredEvent[], log: RideLog): string[] {
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const event of events) {
    const rideId = String(event.data.rideId);
    if (event.type === 'RideOffered') count(`offered ${rideId}`);
    if (event.type === 'RideOfferExpired') {
      count(`expired ${rideId}`);
      count(`expired ${rideId} round ${String(event.data.round)}`);
    }
    if (event.type === 'RideReleased') count(`released ${rideId}`);
    if (event.type === 'RideSlaBreached') count(`missed ${rideId} ${String(event.data.target)}`);
  }
  const problems = [...counts]
    .filter(([key, n]) => !key.startsWith('offered ') && !/^expired \S+$/.test(key) && n > 1)
    .map(([key, n]) => `${key}: ${n} times`);
  for (const rideId of log.lapsed ?? []) {
    const offered = counts.get(`offered ${rideId}`) ?? 0;
    const expired = counts.get(`expired ${rideId}`) ?? 0;
    if (expired !== offered) problems.push(`ride ${rideId} left to lapse: ${offered} offers, ${expired} expiries`);
  }
  for (const rideId of log.scheduled ?? [])
    if (counts.get(`released ${rideId}`) !== 1)
      problems.push(`ride ${rideId} booked for later: released ${counts.get(`released ${rideId}`) ?? 0} times`);
  return problems;
}

/** The read models as the engine built them, and as a clean replay of the store builds them. */
export async function servedAndReplayed(
  url: string,
  schema: string,
): Promise<{ served: Record<string, string[]>; replayed: Record<string, string[]> }> {
  const database = await openDatabase({ url, schema, maxConnections: 2 });
  try {
    const served = await dumpReadModels(database);
    await rebuildProjections({ database, store: createPostgresEventStore(database), projections: PROJECTIONS });
    return { served, replayed: await dumpReadModels(database) };
  } finally {
    await database.close();
  }
}

/** Drops a test's schema. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
