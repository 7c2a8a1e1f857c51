import type { Kysely } from 'kysely';
import { plantDayOf } from '@plantride/schemas';
import { batchProjection, type Projection } from '../projection';
import type { ReadModels } from '../read-models';
import { assignDefined, selectWhereIn, upsertRows } from '../batch-writes';
import { kpisMigrations } from './kpis.migrations';
import { KPI_EVENT_TYPES, kpiRideChange, type KpiDriverDayRow, type KpiEvent, type KpiRideState } from './kpis.changes';
import { instantText } from '../timestamp';

const driverDayKey = (day: string, driverId: string, vehicleType: string) => JSON.stringify([day, driverId, vehicleType]);

/**
 * KPI rows per ride and counters per driver day. Driver days are only ever added to, so the
 * ride row's position guard is what keeps a repeated event from counting twice. A batch folds
 * its events over the rows it touches in memory, adding to the counters in event order (the
 * sums come out bit for bit as one event at a time), and writes them back in a few statements.
 */
export const kpisProjection: Projection<ReadModels> = batchProjection<ReadModels>({
  name: 'kpis',
  handles: KPI_EVENT_TYPES,
  migrations: kpisMigrations,
  async applyBatch(events, db: Kysely<ReadModels>) {
    const rides = new Map<string, KpiRideState>();
    for (const row of await selectWhereIn<KpiRideState>(
      db,
      'kpi_rides',
      'ride_id',
      events.map(({ event }) => (event as KpiEvent).data.rideId),
    ))
      rides.set(row.ride_id, row);
    const changedRides = new Set<string>();
    const deltas: {
      day: string;
      vehicleType: string;
      driverId: string;
      driverName: string;
      ridesCompleted: number;
      busySeconds: number;
    }[] = [];
    for (const { event: domainEvent, position } of events) {
      const event = domainEvent as KpiEvent;
      const ride = rides.get(event.data.rideId);
      if (event.type === 'RideRequested') {
        if (ride) continue;
        const { data } = event;
        rides.set(data.rideId, {
          ride_id: data.rideId,
          day: plantDayOf(data.requestedAt),
          vehicle_type: data.vehicleType,
          from_location: data.fromLocation,
          to_location: data.toLocation,
          requested_at: instantText(data.requestedAt),
          accepted_at: null,
          picked_at: null,
          dropped_at: null,
          ended_at: null,
          cancelled_at: null,
          wait_seconds: null,
          pickup_seconds: null,
          delivery_seconds: null,
          driver_id: null,
          driver_name: null,
          driver_since: null,
          sla_met: null,
          last_position: position.streamPosition,
        });
        changedRides.add(data.rideId);
        continue;
      }
      if (!ride || ride.last_position >= position.streamPosition) continue;
      const change = kpiRideChange(ride, event);
      if (change.driverDay) deltas.push({ day: ride.day, vehicleType: ride.vehicle_type, ...change.driverDay });
      assignDefined(ride, change.ride);
      ride.last_position = position.streamPosition;
      changedRides.add(ride.ride_id);
    }
    await upsertRows(
      db,
      'kpi_rides',
      ['ride_id'],
      [...changedRides].map((id) => rides.get(id)!),
    );
    if (deltas.length === 0) return;

    const days = new Map<string, KpiDriverDayRow>();
    const stored = await db
      .selectFrom('kpi_driver_days')
      .selectAll()
      .where('driver_id', 'in', [...new Set(deltas.map((d) => d.driverId))])
      .where('day', 'in', [...new Set(deltas.map((d) => d.day))])
      .execute();
    for (const row of stored) days.set(driverDayKey(row.day, row.driver_id, row.vehicle_type), row);
    const changedDays = new Set<string>();
    for (const delta of deltas) {
      const key = driverDayKey(delta.day, delta.driverId, delta.vehicleType);
      const row = days.get(key);
      if (row) {
        row.driver_name = delta.driverName;
        row.rides_completed += delta.ridesCompleted;
        row.busy_seconds += delta.busySeconds;
      } else {
        days.set(key, {
          day: delta.day,
          driver_id: delta.driverId,
          vehicle_type: delta.vehicleType,
          driver_name: delta.driverName,
          rides_completed: delta.ridesCompleted,
          busy_seconds: delta.busySeconds,
        });
      }
      changedDays.add(key);
    }
    await upsertRows(
      db,
      'kpi_driver_days',
      ['day', 'driver_id', 'vehicle_type'],
      [...changedDays].map((key) => days.get(key)!),
    );
  },
});
