import type { Kysely } from 'kysely';
import type { RideEvent } from '@plantride/schemas';
import { batchProjection, type Projection } from '../projection';
import type { ReadModels } from '../read-models';
import { insertRowsIfAbsent } from '../batch-writes';
import { rideHistoryMigrations } from './ride-history.migrations';
import { instantText } from '../timestamp';

// Staff's assignment (issue #32 item 4) links its driver as an accept does.
const HANDLES = ['RideRequested', 'RideAccepted', 'RideTakenOver', 'RideAssigned'] as const;
type HistoryEvent = Extract<RideEvent, { type: (typeof HANDLES)[number] }>;

/**
 * Links each ride to its requester when booked and to each driver who accepts it or takes it over
 * (with the booking time of the requester's row; none if the ride has no requester row yet).
 * A batch reads the booking times it needs in one statement and inserts its rows in one more.
 */
export const rideHistoryProjection: Projection<ReadModels> = batchProjection<ReadModels>({
  name: 'ride_history',
  handles: HANDLES,
  migrations: rideHistoryMigrations,
  // An acceptance finds its ride's booking time by ride id.
  lookupIndexes: ['ride_history_by_ride'],
  async applyBatch(events, db: Kysely<ReadModels>) {
    const history = events.map(({ event }) => event as HistoryEvent);
    const drivenRides = [...new Set(history.filter((e) => e.type !== 'RideRequested').map((e) => e.data.rideId))];
    const bookedAt = new Map<string, Date | string>();
    if (drivenRides.length > 0) {
      const booked = await db
        .selectFrom('ride_history')
        .select(['ride_id', 'requested_at'])
        .where('party_role', '=', 'requester')
        .where('ride_id', 'in', drivenRides)
        .execute();
      for (const row of booked) if (!bookedAt.has(row.ride_id)) bookedAt.set(row.ride_id, row.requested_at);
    }
    const rows = new Map<string, { party_id: string; party_role: string; ride_id: string; requested_at: Date | string }>();
    const add = (row: { party_id: string; party_role: string; ride_id: string; requested_at: Date | string }) => {
      const key = JSON.stringify([row.party_id, row.party_role, row.ride_id]);
      if (!rows.has(key)) rows.set(key, row);
    };
    for (const event of history) {
      const rideId = event.data.rideId;
      if (event.type === 'RideRequested') {
        const requestedAt = instantText(event.data.requestedAt);
        add({ party_id: event.data.requesterId, party_role: 'requester', ride_id: rideId, requested_at: requestedAt });
        if (!bookedAt.has(rideId)) bookedAt.set(rideId, requestedAt);
        continue;
      }
      const requestedAt = bookedAt.get(rideId);
      if (requestedAt) add({ party_id: event.data.driverId, party_role: 'driver', ride_id: rideId, requested_at: requestedAt });
    }
    await insertRowsIfAbsent(db, 'ride_history', [...rows.values()]);
  },
});
