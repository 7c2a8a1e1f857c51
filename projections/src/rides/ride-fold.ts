import { sql, type Migration } from 'kysely';
import {
  FINAL_STATUSES,
  OPEN_STATUSES,
  foldRide,
  initialRideSnapshot,
  startRideFold,
  liftStoredEvent,
  persistRide,
  restoreRide,
  rideStatusOf,
  rideStreamId,
  type RideEvent,
  type RideFold,
  type RideSnapshot,
} from '@plantride/schemas';
import type { Row } from '../batch-writes';
import type { EventPosition } from '../projection';

/**
 * A ride row's status is the statechart's fold of the ride's events, never a table of its own
 * (issue #29). The row keeps the fold's snapshot (`ride_state`, xstate's persisted form as text) while
 * the ride is open, and goes on from it with the next event; a final state takes no more events, so
 * a finished ride's row keeps none. Within a batch a row's fold is one actor fed its events in turn
 * (startRideFold), written back once, just before the row.
 */
interface LiveFold {
  snapshot: RideSnapshot;
  fold: RideFold | null;
}
const live = new WeakMap<object, LiveFold>();

/**
 * The rides and reports read models fold the same events, batch by batch: what one folded, the other
 * takes. The fold after a stream's n-th event depends on its first n events only, and a row at
 * position n - 1 has folded exactly those. An event is known by its position object, which the runner
 * hands every projection of a batch alike (never a like-numbered event of another store); the entries
 * go with the batch.
 */
const folded = new WeakMap<EventPosition, { snapshot: RideSnapshot; taken: boolean }>();
const texts = new WeakMap<RideSnapshot, string | null>();

function liveOf(row: Readonly<Row>): LiveFold | null {
  const known = live.get(row);
  if (known) return known;
  const text = row.ride_state as string | null;
  if (text === null) {
    if ((FINAL_STATUSES as readonly unknown[]).includes(row.status)) return null;
    throw new Error(
      `ride ${String(row.ride_id)} is ${String(row.status)} but its row keeps no statechart snapshot: rebuild the read models`,
    );
  }
  const restored = { snapshot: restoreRide(text), fold: null };
  live.set(row, restored);
  return restored;
}

const persisted = (snapshot: RideSnapshot): string | null => (snapshot.status === 'done' ? null : persistRide(snapshot));

/** The fold of the ride's event at `at` on top of `from`: the other read model's, or this one's. */
function foldIn(from: LiveFold, event: RideEvent, at: EventPosition): boolean {
  const known = folded.get(at);
  if (known) {
    from.snapshot = known.snapshot;
    from.fold = null;
    return known.taken;
  }
  from.fold ??= startRideFold(from.snapshot);
  const taken = from.fold.apply(event);
  from.snapshot = from.fold.snapshot;
  folded.set(at, { snapshot: from.snapshot, taken });
  return taken;
}

/** A new ride's row: the status its booking (at `at` in the store) folds to; the fold goes with the row until {@link keepRideFold} writes it. */
export function bookRide<R extends object>(
  row: R,
  booking: RideEvent,
  at: EventPosition,
): R & { status: string; ride_state: string | null } {
  const fold: LiveFold = { snapshot: initialRideSnapshot(), fold: null };
  foldIn(fold, booking, at);
  const booked = Object.assign(row, { status: rideStatusOf(fold.snapshot)!, ride_state: null });
  live.set(booked, fold);
  return booked;
}

/**
 * The row's status once `event` (at `at` in the store) folds in, or null when the statechart refuses
 * it (or the ride is over): the row then changes nothing, as the fold does not.
 */
export function rideFoldAfter(row: Readonly<Row>, event: RideEvent, at: EventPosition): { status: string } | null {
  const fold = liveOf(row);
  if (!fold || !foldIn(fold, event, at)) return null;
  return { status: rideStatusOf(fold.snapshot)! };
}

/** Puts the row's fold, as it stands, into its `ride_state` before the row is written (persisted once for both read models). */
export function keepRideFold(row: Row): void {
  const fold = live.get(row);
  if (!fold) return;
  let text = texts.get(fold.snapshot);
  if (text === undefined) texts.set(fold.snapshot, (text = persisted(fold.snapshot)));
  row.ride_state = text;
}

/**
 * For a migration adding `ride_state` to `table`: each open ride's snapshot, folded from its events
 * in the store up to the last one its row applied (the runner applies the later ones). A rebuild
 * starts from empty tables, and a schema without the store beside it has nothing to read.
 */
export async function backfillRideStates(db: Parameters<Migration['up']>[0], table: 'rides' | 'ride_reports'): Promise<void> {
  const { rows: store } = await sql<{ events: string | null }>`select to_regclass('events')::text as events`.execute(db);
  if (!store[0]?.events) return;
  const { rows: open } = await sql<{ ride_id: string; last_position: number }>`select ride_id, last_position from ${sql.table(table)}
    where status = any(${[...OPEN_STATUSES]}::text[]) and ride_state is null`.execute(db);
  if (open.length === 0) return;
  const rides = new Map(open.map((row) => [rideStreamId(row.ride_id), { ...row, events: [] as RideEvent[] }]));
  const { rows: stored } = await sql<{
    stream_id: string;
    stream_position: string;
    type: string;
    schema_version: number;
    data: unknown;
    global_position: string;
  }>`
    select stream_id, stream_position::text, event_type as type, schema_version, data, global_position::text from events
    where stream_id = any(${[...rides.keys()]}::text[]) order by stream_id, stream_position`.execute(db);
  for (const row of stored) {
    const ride = rides.get(row.stream_id)!;
    if (Number(row.stream_position) > ride.last_position) continue;
    ride.events.push(
      liftStoredEvent({
        type: row.type,
        schemaVersion: row.schema_version,
        data: row.data,
        globalPosition: row.global_position,
      }) as RideEvent,
    );
  }
  for (const ride of rides.values()) {
    if (ride.events.length === 0) continue;
    const snapshot = foldRide(ride.events);
    await sql`update ${sql.table(table)} set status = ${rideStatusOf(snapshot)}, ride_state = ${persisted(snapshot)} where ride_id = ${ride.ride_id}`.execute(
      db,
    );
  }
}
