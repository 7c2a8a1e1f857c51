import { sql, type Kysely } from 'kysely';
import type { DomainEvent, RideEvent } from '@plantride/schemas';
import type { Projection } from '../projection';
import type { ReadModels } from '../read-models';
import { rideHistoryMigrations } from './ride-history.migrations';

const HANDLES = ['RideRequested', 'RideAccepted', 'RideTakenOver'] as const;

async function addDriver(db: Kysely<ReadModels>, rideId: string, driverId: string) {
  await sql`insert into ride_history (party_id, party_role, ride_id, requested_at)
    select ${driverId}, 'driver', ride_id, requested_at from ride_history where ride_id = ${rideId} and party_role = 'requester'
    on conflict do nothing`.execute(db);
}

/** Links each ride to its requester when booked and to each driver who accepts it or takes it over. */
export const rideHistoryProjection: Projection<ReadModels> = {
  name: 'ride_history',
  handles: HANDLES,
  migrations: rideHistoryMigrations,
  async apply(domainEvent: DomainEvent, _position, db) {
    const event = domainEvent as Extract<RideEvent, { type: (typeof HANDLES)[number] }>;
    switch (event.type) {
      case 'RideRequested':
        await db
          .insertInto('ride_history')
          .values({ party_id: event.data.requesterId, party_role: 'requester', ride_id: event.data.rideId, requested_at: new Date(event.data.requestedAt) })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      case 'RideAccepted':
      case 'RideTakenOver':
        await addDriver(db, event.data.rideId, event.data.driverId);
        return;
    }
  },
};
