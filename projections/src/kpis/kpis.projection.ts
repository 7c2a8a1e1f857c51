import type { Kysely } from 'kysely';
import { plantDayOf, type DomainEvent } from '@plantride/schemas';
import type { EventPosition, Projection } from '../projection';
import type { ReadModels } from '../read-models';
import { kpisMigrations } from './kpis.migrations';
import { KPI_EVENT_TYPES, kpiRideChange, type DriverDayDelta, type KpiEvent, type KpiRideRow } from './kpis.changes';

async function addToDriverDay(db: Kysely<ReadModels>, ride: KpiRideRow, delta: DriverDayDelta): Promise<void> {
  await db
    .insertInto('kpi_driver_days')
    .values({ day: ride.day, driver_id: delta.driverId, vehicle_type: ride.vehicle_type, driver_name: delta.driverName, rides_completed: delta.ridesCompleted, busy_seconds: delta.busySeconds })
    .onConflict((oc) =>
      oc.columns(['day', 'driver_id', 'vehicle_type']).doUpdateSet((eb) => ({
        driver_name: eb.ref('excluded.driver_name'),
        rides_completed: eb(eb.ref('kpi_driver_days.rides_completed'), '+', eb.ref('excluded.rides_completed')),
        busy_seconds: eb(eb.ref('kpi_driver_days.busy_seconds'), '+', eb.ref('excluded.busy_seconds')),
      })),
    )
    .execute();
}

/**
 * KPI rows per ride and counters per driver day. Driver days are only ever added to, so the
 * ride row's position guard is what keeps a repeated event from counting twice.
 */
export const kpisProjection: Projection<ReadModels> = {
  name: 'kpis',
  handles: KPI_EVENT_TYPES,
  migrations: kpisMigrations,
  async apply(domainEvent: DomainEvent, position: EventPosition, db: Kysely<ReadModels>) {
    const event = domainEvent as KpiEvent;
    if (event.type === 'RideRequested') {
      const { data } = event;
      const values = {
        ride_id: data.rideId,
        day: plantDayOf(data.requestedAt),
        vehicle_type: data.vehicleType,
        from_location: data.fromLocation,
        to_location: data.toLocation,
        requested_at: new Date(data.requestedAt),
        last_position: position.streamPosition,
      };
      await db.insertInto('kpi_rides').values(values).onConflict((oc) => oc.column('ride_id').doNothing()).execute();
      return;
    }
    const ride = await db.selectFrom('kpi_rides').selectAll().where('ride_id', '=', event.data.rideId).executeTakeFirst();
    if (!ride || ride.last_position >= position.streamPosition) return;
    const change = kpiRideChange(ride, event);
    await db
      .updateTable('kpi_rides')
      .set({ ...change.ride, last_position: position.streamPosition })
      .where('ride_id', '=', ride.ride_id)
      .execute();
    if (change.driverDay) await addToDriverDay(db, ride, change.driverDay);
  },
};
