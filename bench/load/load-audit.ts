import { sql } from 'kysely';
import { PROJECTIONS } from '@plantride/projections';
import { openDatabase, type Database } from '../../engine/src/database/database';
import { createPostgresEventStore } from '../../engine/src/event-store/postgres-event-store';
import { rebuildProjections } from '../../engine/src/projection-runner/rebuild';
import { dumpReadModels } from '../../engine/src/test-support/read-model-dump';
import { DATABASE_URL, REDIS_URL, type BenchStore } from '../support/bench-modes';
import { summarize, Samples, type Summary } from '../support/stats';
import type { Issued } from './command-log';
import { ExpectedEmits, type ExpectedEmit, type StoredEvent } from './expected-emits';
import type { Receipt } from './live-socket';
import { socketCeiling, type CeilingResult } from './socket-ceiling';

/** Every event in store (commit) order, with its recorded time in ms. */
export async function readEvents(database: Database): Promise<StoredEvent[]> {
  const { rows } = await sql<{
    position: string | number;
    type: string;
    data: Record<string, unknown>;
    recorded_ms: string | number;
    correlation_id: string | null;
  }>`
    select global_position as position, event_type as type, data, extract(epoch from recorded_at) * 1000 as recorded_ms, metadata->>'correlationId' as correlation_id
    from events order by transaction_id, global_position`.execute(database.db);
  return rows.map((r) => ({
    position: Number(r.position),
    type: r.type,
    data: r.data,
    recordedAt: Number(r.recorded_ms),
    correlationId: r.correlation_id,
  }));
}

export interface CommandAudit {
  succeeded: number;
  /** 2xx answers whose position holds no event of that command. */
  notInStore: number;
  /** 2xx answers without a position. */
  withoutPosition: number;
  /** Events whose command was answered with an error (should have appended nothing). */
  eventsOfRefusedCommands: number;
  eventsOfSucceededCommands: number;
}

export function auditCommands(issued: readonly Issued[], events: readonly StoredEvent[]): CommandAudit {
  const byPosition = new Map(events.map((e) => [e.position, e]));
  const refused = new Set(issued.filter((i) => i.status < 200 || i.status >= 300).map((i) => i.correlationId));
  const succeeded = issued.filter((i) => i.status >= 200 && i.status < 300);
  const ours = new Set(succeeded.map((i) => i.correlationId));
  return {
    succeeded: succeeded.length,
    notInStore: succeeded.filter((i) => i.position !== null && byPosition.get(i.position)?.correlationId !== i.correlationId).length,
    withoutPosition: succeeded.filter((i) => i.position === null).length,
    eventsOfRefusedCommands: events.filter((e) => e.correlationId !== null && refused.has(e.correlationId)).length,
    eventsOfSucceededCommands: events.filter((e) => e.correlationId !== null && ours.has(e.correlationId)).length,
  };
}

export interface DeliveryAudit {
  events: number;
  expected: number;
  delivered: number;
  missing: number;
  duplicated: number;
  unexpected: number;
  /** A few missing or duplicated deliveries, to start looking. */
  examples: string[];
  latency: Summary;
  latencyByEvent: Record<string, Summary>;
  /** What the same emits were, as a schedule for the bare socket.io ceiling. */
  schedule: Array<{ offsetMs: number; name: string; rooms: string[]; except?: string[] }>;
}

/** Checks every receipt against what the store's events after `fromPosition` should have sent to each party's rooms. */
export function auditDeliveries(
  events: readonly StoredEvent[],
  fromPosition: number,
  rooms: ReadonlyMap<string, readonly string[]>,
  receipts: readonly Receipt[],
): DeliveryAudit {
  const table = new ExpectedEmits();
  const inRoom = new Map<string, string[]>();
  for (const [party, partyRooms] of rooms) for (const room of partyRooms) inRoom.set(room, [...(inRoom.get(room) ?? []), party]);
  const expected = new Map<string, { emit: ExpectedEmit; recordedAt: number }>();
  const schedule: DeliveryAudit['schedule'] = [];
  let counted = 0;
  const firstAt = events.find((e) => e.position > fromPosition)?.recordedAt ?? 0;
  for (const event of events) {
    const emits = table.of(event);
    if (event.position <= fromPosition) continue;
    counted += 1;
    for (const emit of emits) {
      schedule.push({
        offsetMs: event.recordedAt - firstAt,
        name: emit.name,
        rooms: emit.rooms,
        ...(emit.except ? { except: emit.except } : {}),
      });
      const parties = new Set(emit.rooms.flatMap((room) => inRoom.get(room) ?? []));
      for (const room of emit.except ?? []) for (const party of inRoom.get(room) ?? []) parties.delete(party);
      for (const party of parties) expected.set(`${party}|${emit.name}|${event.position}`, { emit, recordedAt: event.recordedAt });
    }
  }
  const received = new Map<string, Receipt[]>();
  for (const r of receipts) {
    if (r.position === null || r.position <= fromPosition) continue;
    const key = `${r.party}|${r.name}|${r.position}`;
    received.set(key, [...(received.get(key) ?? []), r]);
  }
  const latency = new Samples();
  const examples: string[] = [];
  const note = (example: string) => examples.length < 10 && examples.push(example);
  let missing = 0;
  let delivered = 0;
  for (const [key, { emit, recordedAt }] of expected) {
    const got = received.get(key);
    if (!got) {
      missing += 1;
      note(`missing ${key}`);
      continue;
    }
    delivered += 1;
    latency.add(emit.name, got[0]!.at - recordedAt);
  }
  let duplicated = 0;
  let unexpected = 0;
  for (const [key, got] of received) {
    if (got.length > 1) {
      duplicated += got.length - 1;
      note(`duplicated ×${got.length} ${key}`);
    }
    if (!expected.has(key)) {
      unexpected += 1;
      note(`unexpected ${key}`);
    }
  }
  return {
    events: counted,
    expected: expected.size,
    delivered,
    missing,
    duplicated,
    unexpected,
    examples,
    latency: summarize(latency.all()),
    latencyByEvent: latency.summaries(),
    schedule,
  };
}

export interface ReadModelAudit {
  equal: boolean;
  tables: number;
  rows: number;
  /** Tables whose rows differ from a fresh replay, with how many rows differ. */
  differing: Record<string, number>;
  rebuildMs: number;
}

/** The served read models against a fresh replay of the same store (rebuildProjections). */
export async function auditReadModels(database: Database): Promise<ReadModelAudit> {
  const served = await dumpReadModels(database);
  const started = Date.now();
  await rebuildProjections({ database, store: createPostgresEventStore(database), projections: PROJECTIONS });
  const rebuildMs = Date.now() - started;
  const replayed = await dumpReadModels(database);
  const differing: Record<string, number> = {};
  for (const table of new Set([...Object.keys(served), ...Object.keys(replayed)])) {
    const a = new Set(served[table] ?? []);
    const b = new Set(replayed[table] ?? []);
    const diff = [...a].filter((row) => !b.has(row)).length + [...b].filter((row) => !a.has(row)).length;
    if (diff > 0) differing[table] = diff;
  }
  return {
    equal: Object.keys(differing).length === 0,
    tables: Object.keys(served).length,
    rows: Object.values(served).reduce((n, rows) => n + rows.length, 0),
    differing,
    rebuildMs,
  };
}

export interface RunAudit {
  audit: { commands: CommandAudit; deliveries: Omit<DeliveryAudit, 'schedule'>; readModels: ReadModelAudit };
  ceilings: CeilingResult[];
  storeEvents: number;
}

/**
 * After a run, with the engine stopped: the commands against the store, the sockets' receipts against
 * what the store's events after `startPosition` should have sent, the read models against a fresh
 * replay; then (unless `ceiling` is false) the same socket events through a bare socket.io server, and
 * in services mode once more through the Redis streams adapter.
 */
export async function auditRun(options: {
  store: BenchStore;
  issued: readonly Issued[];
  startPosition: number;
  rooms: ReadonlyMap<string, readonly string[]>;
  receipts: readonly Receipt[];
  ceiling: boolean;
  log: (text: string) => void;
}): Promise<RunAudit> {
  const { store } = options;
  const database = await openDatabase(
    store.mode === 'services' ? { url: DATABASE_URL, schema: store.schema, maxConnections: 2 } : { dataDir: store.dataDir },
  );
  try {
    const events = await readEvents(database);
    const commands = auditCommands(options.issued, events);
    const { schedule, ...deliveries } = auditDeliveries(events, options.startPosition, options.rooms, options.receipts);
    const readModels = await auditReadModels(database);
    const ceilings: CeilingResult[] = [];
    if (options.ceiling) {
      options.log('audit done; bare socket.io ceiling');
      ceilings.push(await socketCeiling({ rooms: options.rooms, schedule, dir: store.dir }));
      if (store.mode === 'services')
        ceilings.push(
          await socketCeiling({
            rooms: options.rooms,
            schedule,
            dir: store.dir,
            redis: { url: REDIS_URL, prefix: `${store.redisPrefix}:ceiling` },
          }),
        );
    }
    return { audit: { commands, deliveries, readModels }, ceilings, storeEvents: events.length };
  } finally {
    await database.close();
  }
}
