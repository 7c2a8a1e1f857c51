import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReadModels } from '../read-models';
import { instantMs } from '../timestamp';

/** Inclusive plant days ('yyyy-MM-dd') and, optionally, one vehicle type. */
export interface KpiFilter {
  from: string;
  to: string;
  vehicleType?: string;
}

/** Average and 90th percentile in seconds; null when no ride gave a sample. */
export interface KpiSeconds {
  avg: number | null;
  p90: number | null;
}

export interface KpiDayRow {
  day: string;
  vehicleType: string;
  requested: number;
  completed: number;
  cancelled: number;
  /** Rides completed (the ones SLA_MET judges), and those of them that missed no service target. */
  slaRides: number;
  slaMetRides: number;
  waitSeconds: KpiSeconds;
  pickupSeconds: KpiSeconds;
  deliverySeconds: KpiSeconds;
}

export interface KpiDriverRow {
  driverId: string;
  driverName: string;
  ridesCompleted: number;
  busySeconds: number;
}

export interface KpiRouteRow {
  from: string;
  to: string;
  rides: number;
}

type DurationColumn = 'wait_seconds' | 'pickup_seconds' | 'delivery_seconds';
// avg and percentile_cont skip nulls, so rides that have not reached a step do not count for it.
const avg = (column: DurationColumn): RawBuilder<number | null> => sql`avg(${sql.ref(column)})`;
const p90 = (column: DurationColumn): RawBuilder<number | null> => sql`percentile_cont(0.9) within group (order by ${sql.ref(column)})`;

/** Counts and duration statistics per plant day and vehicle type, for the pairs that have rides. */
export async function kpiDays(db: Kysely<ReadModels>, filter: KpiFilter): Promise<KpiDayRow[]> {
  let query = db.selectFrom('kpi_rides').where('day', '>=', filter.from).where('day', '<=', filter.to);
  if (filter.vehicleType) query = query.where('vehicle_type', '=', filter.vehicleType);
  const rows = await query
    .select([
      'day',
      'vehicle_type',
      sql<number>`count(*)::int`.as('requested'),
      sql<number>`count(ended_at)::int`.as('completed'),
      sql<number>`count(cancelled_at)::int`.as('cancelled'),
      sql<number>`count(ended_at)::int`.as('sla_rides'),
      sql<number>`count(*) filter (where sla_met)::int`.as('sla_met_rides'),
      avg('wait_seconds').as('wait_avg'),
      p90('wait_seconds').as('wait_p90'),
      avg('pickup_seconds').as('pickup_avg'),
      p90('pickup_seconds').as('pickup_p90'),
      avg('delivery_seconds').as('delivery_avg'),
      p90('delivery_seconds').as('delivery_p90'),
    ])
    .groupBy(['day', 'vehicle_type'])
    .orderBy('day')
    .orderBy('vehicle_type')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    vehicleType: row.vehicle_type,
    requested: row.requested,
    completed: row.completed,
    cancelled: row.cancelled,
    slaRides: row.sla_rides,
    slaMetRides: row.sla_met_rides,
    waitSeconds: { avg: row.wait_avg, p90: row.wait_p90 },
    pickupSeconds: { avg: row.pickup_avg, p90: row.pickup_p90 },
    deliverySeconds: { avg: row.delivery_avg, p90: row.delivery_p90 },
  }));
}

/** Each driver's rides completed and seconds busy over the range, most rides first. */
export async function kpiDrivers(db: Kysely<ReadModels>, filter: KpiFilter): Promise<KpiDriverRow[]> {
  let query = db.selectFrom('kpi_driver_days').where('day', '>=', filter.from).where('day', '<=', filter.to);
  if (filter.vehicleType) query = query.where('vehicle_type', '=', filter.vehicleType);
  const rows = await query
    .select([
      'driver_id',
      // The name he had on the range's latest day.
      sql<string>`(array_agg(driver_name order by day desc))[1]`.as('driver_name'),
      sql<number>`sum(rides_completed)::int`.as('rides_completed'),
      sql<number>`sum(busy_seconds)`.as('busy_seconds'),
    ])
    .groupBy('driver_id')
    .orderBy('rides_completed', 'desc')
    .orderBy('driver_id')
    .execute();
  return rows.map((row) => ({
    driverId: row.driver_id,
    driverName: row.driver_name,
    ridesCompleted: row.rides_completed,
    busySeconds: row.busy_seconds,
  }));
}

/** The routes with the most rides requested over the range, busiest first (ties by name). */
export async function kpiRoutes(db: Kysely<ReadModels>, filter: KpiFilter, limit = 10): Promise<KpiRouteRow[]> {
  let query = db
    .selectFrom('kpi_rides')
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .where('from_location', 'is not', null)
    .where('to_location', 'is not', null);
  if (filter.vehicleType) query = query.where('vehicle_type', '=', filter.vehicleType);
  const rows = await query
    .select(['from_location', 'to_location', sql<number>`count(*)::int`.as('rides')])
    .groupBy(['from_location', 'to_location'])
    .orderBy('rides', 'desc')
    // Byte order, so ties read the same on every database collation.
    .orderBy(sql`from_location collate "C"`)
    .orderBy(sql`to_location collate "C"`)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ from: row.from_location as string, to: row.to_location as string, rides: row.rides }));
}

/**
 * Seconds each driver was on shift within the instants [fromMs, toMs) (the range's plant days), a
 * shift still running counting until `now`; drivers with no shift in it are left out.
 */
export async function kpiShiftSeconds(db: Kysely<ReadModels>, fromMs: number, toMs: number, now: Date): Promise<Map<string, number>> {
  const end = Math.min(toMs, now.getTime());
  const seconds = new Map<string, number>();
  if (end <= fromMs) return seconds;
  const rows = await db
    .selectFrom('kpi_driver_shifts')
    .selectAll()
    .where('started_at', '<', new Date(end))
    .where('ends_at', '>', new Date(fromMs))
    .execute();
  for (const row of rows) {
    const ms = Math.min(instantMs(row.ends_at), end) - Math.max(instantMs(row.started_at), fromMs);
    if (ms > 0) seconds.set(row.driver_id, (seconds.get(row.driver_id) ?? 0) + ms / 1000);
  }
  return seconds;
}

/**
 * Of `driverIds` (drivers on shift in a KPI range), those whose record is of `vehicleType` (any, when
 * none is asked), with their names: the KPIs list a driver who was on shift and completed no ride, at
 * 0 % utilisation (issue #32 item 6). A driver with no record is left out, as he has no vehicle type.
 */
export async function kpiShiftDrivers(
  db: Kysely<ReadModels>,
  driverIds: readonly string[],
  vehicleType?: string,
): Promise<Array<{ driverId: string; driverName: string }>> {
  if (driverIds.length === 0) return [];
  let query = db
    .selectFrom('drivers')
    .select(['operator_id', 'name'])
    .where('operator_id', 'in', [...driverIds]);
  if (vehicleType) query = query.where('vehicle_assigned', '=', vehicleType);
  const rows = await query.orderBy('operator_id').execute();
  return rows.map((row) => ({ driverId: row.operator_id, driverName: row.name }));
}
