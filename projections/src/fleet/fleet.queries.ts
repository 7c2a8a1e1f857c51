import type { Kysely } from 'kysely';
import { FLEET_NO_REGISTRATION, type FleetTotals, type FleetVehicleTotals } from '@plantride/schemas';
import type { ReadModels } from '../read-models';
import { instantMs } from '../timestamp';

/** Inclusive plant days ('yyyy-MM-dd') and, optionally, one vehicle type. */
export interface FleetFilter {
  from: string;
  to: string;
  vehicleType?: string;
}

const emptyTotals = (): FleetTotals => ({ breakdowns: 0, operatingMs: 0, repairMs: [], downtimeMs: 0, operatingDays: 0, inspectedDays: 0 });

/**
 * The facts of the range summed per vehicle: a registration number of a type, or, for the driver
 * records without one, the type's `FLEET_NO_REGISTRATION` row. Each fact counts once, on its
 * vehicle; a type's figures are its vehicles' added up (fleetFiguresByGroup), never counted apart.
 * Open blocks and rides still held count until `now`. Sorted by type then registration number.
 */
export async function fleetTotals(db: Kysely<ReadModels>, filter: FleetFilter, now: Date): Promise<FleetVehicleTotals[]> {
  const nowMs = now.getTime();
  const vehicles = new Map<string, FleetVehicleTotals>();
  const add = (vehicleType: string, registration: string, change: (totals: FleetTotals) => void) => {
    const vehicle = registration === '' ? FLEET_NO_REGISTRATION : registration;
    const key = JSON.stringify([vehicleType, vehicle]);
    let vehicleTotals = vehicles.get(key);
    if (!vehicleTotals) vehicles.set(key, (vehicleTotals = { vehicle, vehicleType, ...emptyTotals() }));
    change(vehicleTotals);
  };

  let breakdowns = db
    .selectFrom('fleet_breakdowns')
    .selectAll()
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .where('blocked_at', 'is not', null)
    .where('vehicle_type', 'is not', null);
  if (filter.vehicleType) breakdowns = breakdowns.where('vehicle_type', '=', filter.vehicleType);
  for (const row of await breakdowns.execute()) {
    const blockedMs = instantMs(row.blocked_at!);
    const downtimeMs = Math.max(0, (row.unblocked_at ? instantMs(row.unblocked_at) : nowMs) - blockedMs);
    const repairMs = row.completed_at && !row.rejected_at ? Math.max(0, instantMs(row.completed_at) - blockedMs) : null;
    add(row.vehicle_type!, row.vehicle ?? '', (totals) => {
      totals.breakdowns += 1;
      totals.downtimeMs += downtimeMs;
      if (repairMs !== null) totals.repairMs.push(repairMs);
    });
  }

  let days = db.selectFrom('fleet_vehicle_days').selectAll().where('day', '>=', filter.from).where('day', '<=', filter.to);
  if (filter.vehicleType) days = days.where('vehicle_type', '=', filter.vehicleType);
  for (const row of await days.execute()) {
    add(row.vehicle_type, row.vehicle, (totals) => {
      totals.operatingMs += row.operating_ms;
      totals.operatingDays += 1;
      if (row.inspected) totals.inspectedDays += 1;
    });
  }

  let held = db
    .selectFrom('fleet_drivers')
    .selectAll()
    .where('ride_id', 'is not', null)
    .where('taken_day', '>=', filter.from)
    .where('taken_day', '<=', filter.to);
  if (filter.vehicleType) held = held.where('taken_vehicle_type', '=', filter.vehicleType);
  for (const row of await held.execute()) {
    const heldMs = Math.max(0, nowMs - instantMs(row.taken_at!));
    add(row.taken_vehicle_type!, row.taken_vehicle!, (totals) => {
      totals.operatingMs += heldMs;
    });
  }

  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...vehicles.values()].sort((a, b) => byName(a.vehicleType, b.vehicleType) || byName(a.vehicle, b.vehicle));
}
