import type { Kysely } from 'kysely';
import { plantDayOf, type DriverEvent, type EventType, type MaintenanceEvent } from '@plantride/schemas';
import { batchProjection, type Projection } from '../projection';
import type { ReadModels } from '../read-models';
import { selectWhereIn, upsertRows, type Row } from '../batch-writes';
import { instantMs, type WithTextTimes } from '../timestamp';
import { fleetMigrations } from './fleet.migrations';
import type { FleetBreakdownsTable, FleetDriversTable, FleetVehicleDaysTable } from './fleet.table';

type DriverRow = WithTextTimes<FleetDriversTable>;
type BreakdownRow = WithTextTimes<FleetBreakdownsTable>;
type VehicleDayRow = WithTextTimes<FleetVehicleDaysTable>;

const MAINTENANCE_TYPES = ['MaintenanceRequested', 'MaintenanceCompleted', 'MaintenanceRejected'] as const;
const DRIVER_TYPES = [
  'DriverAdded',
  'DriverUpdated',
  'DriverBlockedForMaintenance',
  'DriverUnblocked',
  'DriverAssignedToRide',
  'DriverReleasedFromRide',
  'VehicleInspected',
] as const;
type FleetMaintenanceEvent = Extract<MaintenanceEvent, { type: (typeof MAINTENANCE_TYPES)[number] }>;
type FleetDriverEvent = Extract<DriverEvent, { type: (typeof DRIVER_TYPES)[number] }>;
type FleetEvent = FleetMaintenanceEvent | FleetDriverEvent;

const isMaintenance = (event: FleetEvent): event is FleetMaintenanceEvent => (MAINTENANCE_TYPES as readonly string[]).includes(event.type);

/** A vehicle day's key: the registration number, or the driver for a record without one (counted in its type only). */
export const fleetUnitOf = (vehicle: string, operatorId: string): string => (vehicle === '' ? `driver:${operatorId}` : vehicle);
const dayKey = (day: string, vehicleType: string, unit: string) => JSON.stringify([day, vehicleType, unit]);

const blankBreakdown = (requestId: string): BreakdownRow => ({
  request_id: requestId,
  driver_id: null,
  vehicle_type: null,
  vehicle: null,
  day: null,
  blocked_at: null,
  completed_at: null,
  rejected_at: null,
  unblocked_at: null,
  request_position: 0,
});

type DayChange = { take: VehicleDayRow } | { key: string; addMs: number };

/**
 * The facts behind the fleet reliability figures (issue #21), at the times the store recorded
 * the events: breakdowns (a request's block, completion, rejection, unblock), and per vehicle and
 * plant day the ride time and whether the day's first take followed an inspection. Driver rows
 * and request rows carry their stream's last position, so a repeated event changes nothing;
 * vehicle days are only changed through them. A batch folds in memory over the rows it touches.
 */
export const fleetProjection: Projection<ReadModels> = batchProjection<ReadModels>({
  name: 'fleet',
  handles: [...DRIVER_TYPES, ...MAINTENANCE_TYPES] as EventType[],
  migrations: fleetMigrations,
  async applyBatch(events, db: Kysely<ReadModels>) {
    const batch = events.map(({ event, position }) => ({ event: event as FleetEvent, position }));
    const drivers = new Map<string, DriverRow>();
    const driverIds = batch.flatMap(({ event }) => (isMaintenance(event) ? [] : [event.data.operatorId]));
    for (const row of await selectWhereIn<DriverRow>(db, 'fleet_drivers', 'operator_id', driverIds)) drivers.set(row.operator_id, row);
    const requestIds = new Set<string>();
    for (const { event } of batch) {
      if (isMaintenance(event)) requestIds.add(event.data.requestId);
      else if (event.type === 'DriverBlockedForMaintenance') requestIds.add(event.data.maintenanceRequestId);
    }
    for (const row of drivers.values()) if (row.blocked_for) requestIds.add(row.blocked_for);
    const breakdowns = new Map<string, BreakdownRow>();
    for (const row of await selectWhereIn<BreakdownRow>(db, 'fleet_breakdowns', 'request_id', requestIds))
      breakdowns.set(row.request_id, row);
    const breakdown = (requestId: string): BreakdownRow => {
      let row = breakdowns.get(requestId);
      if (!row) breakdowns.set(requestId, (row = blankBreakdown(requestId)));
      return row;
    };

    const changedDrivers = new Set<string>();
    const changedBreakdowns = new Set<string>();
    const dayChanges: DayChange[] = [];
    for (const { event, position } of batch) {
      const at = position.recordedAt.toISOString();
      if (isMaintenance(event)) {
        const row = breakdown(event.data.requestId);
        if (row.request_position >= position.streamPosition) continue;
        if (event.type === 'MaintenanceRequested') {
          row.driver_id = event.data.driverId;
          row.vehicle_type = event.data.vehicleType;
        } else if (event.type === 'MaintenanceCompleted') row.completed_at = at;
        else row.rejected_at = at;
        row.request_position = position.streamPosition;
        changedBreakdowns.add(row.request_id);
        continue;
      }
      const { operatorId } = event.data;
      const driver = drivers.get(operatorId);
      if (event.type === 'DriverAdded') {
        if (driver) continue;
        const { vehicle, vehicleAssigned } = event.data;
        drivers.set(operatorId, {
          operator_id: operatorId,
          vehicle,
          vehicle_type: vehicleAssigned,
          blocked_for: null,
          ride_id: null,
          taken_at: null,
          taken_day: null,
          taken_vehicle: null,
          taken_vehicle_type: null,
          inspected_day: null,
          last_position: position.streamPosition,
        });
        changedDrivers.add(operatorId);
        continue;
      }
      if (!driver || driver.last_position >= position.streamPosition) continue;
      switch (event.type) {
        case 'DriverUpdated':
          driver.vehicle = event.data.vehicle;
          driver.vehicle_type = event.data.vehicleAssigned;
          break;
        case 'DriverBlockedForMaintenance': {
          const row = breakdown(event.data.maintenanceRequestId);
          row.driver_id = operatorId;
          row.vehicle = driver.vehicle;
          row.blocked_at = at;
          row.day = plantDayOf(at);
          changedBreakdowns.add(row.request_id);
          driver.blocked_for = row.request_id;
          break;
        }
        case 'DriverUnblocked':
          if (driver.blocked_for) {
            const row = breakdown(driver.blocked_for);
            row.unblocked_at = at;
            changedBreakdowns.add(row.request_id);
          }
          driver.blocked_for = null;
          break;
        case 'DriverAssignedToRide': {
          // A record with no vehicle type takes no ride (the decider refuses it); its hold is not fleet time.
          const held = driver.vehicle_type !== '';
          const day = plantDayOf(at);
          Object.assign(driver, {
            ride_id: held ? event.data.rideId : null,
            taken_at: held ? at : null,
            taken_day: held ? day : null,
            taken_vehicle: held ? driver.vehicle : null,
            taken_vehicle_type: held ? driver.vehicle_type : null,
          });
          if (held) {
            const take = {
              day,
              vehicle_type: driver.vehicle_type,
              unit: fleetUnitOf(driver.vehicle, operatorId),
              vehicle: driver.vehicle,
              operating_ms: 0,
              first_take_at: at,
              inspected: driver.inspected_day === day,
            };
            dayChanges.push({ take });
          }
          break;
        }
        case 'DriverReleasedFromRide':
          if (driver.ride_id !== event.data.rideId || driver.taken_at === null) break;
          dayChanges.push({
            key: dayKey(driver.taken_day!, driver.taken_vehicle_type!, fleetUnitOf(driver.taken_vehicle!, operatorId)),
            addMs: Math.max(0, Date.parse(at) - instantMs(driver.taken_at)),
          });
          Object.assign(driver, { ride_id: null, taken_at: null, taken_day: null, taken_vehicle: null, taken_vehicle_type: null });
          break;
        case 'VehicleInspected':
          driver.inspected_day = plantDayOf(at);
          break;
      }
      driver.last_position = position.streamPosition;
      changedDrivers.add(operatorId);
    }
    await upsertRows(
      db,
      'fleet_drivers',
      ['operator_id'],
      [...changedDrivers].map((id) => drivers.get(id)! as Row),
    );
    await upsertRows(
      db,
      'fleet_breakdowns',
      ['request_id'],
      [...changedBreakdowns].map((id) => breakdowns.get(id)! as Row),
    );
    await applyDayChanges(db, dayChanges);
  },
});

async function applyDayChanges(db: Kysely<ReadModels>, changes: readonly DayChange[]): Promise<void> {
  if (changes.length === 0) return;
  const parts = changes.map((change) =>
    'take' in change ? [change.take.day, change.take.vehicle_type, change.take.unit] : (JSON.parse(change.key) as string[]),
  );
  const days = new Map<string, VehicleDayRow>();
  const stored = await db
    .selectFrom('fleet_vehicle_days')
    .selectAll()
    .where('day', 'in', [...new Set(parts.map(([day]) => day!))])
    .where('unit', 'in', [...new Set(parts.map(([, , unit]) => unit!))])
    .execute();
  for (const row of stored) days.set(dayKey(row.day, row.vehicle_type, row.unit), row);
  const changed = new Set<string>();
  for (const change of changes) {
    if ('take' in change) {
      const key = dayKey(change.take.day, change.take.vehicle_type, change.take.unit);
      if (days.has(key)) continue;
      days.set(key, change.take);
      changed.add(key);
    } else {
      const row = days.get(change.key);
      if (!row) continue;
      row.operating_ms += change.addMs;
      changed.add(change.key);
    }
  }
  await upsertRows(
    db,
    'fleet_vehicle_days',
    ['day', 'vehicle_type', 'unit'],
    [...changed].map((key) => days.get(key)! as Row),
  );
}
