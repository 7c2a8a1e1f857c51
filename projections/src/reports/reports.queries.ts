import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { VEHICLE_TYPES, type RideReportFilter } from '@plantride/schemas';
import type { ReadModels } from '../read-models';
import type { RideReportsTable } from './reports.table';

/** A ride report row with its driver's current maintenance facts. */
export type RideReportRecord = Omit<RideReportsTable, 'requester_id' | 'vehicle_number_key' | 'last_position'> & {
  last_maintenance_date: Date | null;
  maintenance_status: string | null;
};

/** Where a keyset walk stopped: the last row's created time and ride id. */
export interface RideReportCursor {
  createdAt: Date;
  rideId: string;
}

type Rows = ExpressionBuilder<ReadModels & { r: ReadModels['ride_reports'] }, 'r'>;
/** A filter whose driver name part has been turned into the ids of the drivers who had such a name. */
type ResolvedFilter = RideReportFilter & { driverIdsByName?: string[] };

const likePattern = (part: string) => `%${part.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The few drivers first, so the rides are then found through the driver index instead of a walk of every ride.
async function resolve(db: Kysely<ReadModels>, filter: RideReportFilter): Promise<ResolvedFilter> {
  if (!filter.driverName) return filter;
  const drivers = await db
    .selectFrom('report_driver_names')
    .select('driver_id')
    .distinct()
    .where(sql<SqlBool>`lower(driver_name) like ${likePattern(filter.driverName)}`)
    .execute();
  return { ...filter, driverIdsByName: drivers.map((d) => d.driver_id) };
}

function matching(eb: Rows, filter: ResolvedFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.vehicleType === 'Other') conditions.push(eb('r.vehicle_type', 'not in', [...VEHICLE_TYPES]));
  else if (filter.vehicleType) conditions.push(eb('r.vehicle_type', '=', filter.vehicleType));
  if (filter.vehicleNumberKey !== undefined) conditions.push(eb('r.vehicle_number_key', '=', filter.vehicleNumberKey));
  if (filter.forkliftNumbers?.length) conditions.push(eb('r.forklift_number', 'in', [...filter.forkliftNumbers]));
  if (filter.statuses?.length) conditions.push(eb('r.status', 'in', [...filter.statuses]));
  if (filter.driverId) conditions.push(eb('r.driver_id', '=', filter.driverId));
  if (filter.driverName) {
    const byName = filter.driverIdsByName ?? [];
    conditions.push(byName.length > 0 ? eb('r.driver_id', 'in', byName) : sql<SqlBool>`false`);
    // The ride's own name decides: a driver renamed since matches only the rides he drove under that name.
    conditions.push(sql<SqlBool>`lower(r.driver_name) like ${likePattern(filter.driverName)}`);
  }
  if (filter.createdFrom) conditions.push(eb('r.created_at', '>=', filter.createdFrom));
  if (filter.createdBefore) conditions.push(eb('r.created_at', '<', filter.createdBefore));
  return eb.and(conditions);
}

// Maintenance date and status are the driver's current facts, so they are joined at read time rather than copied onto the ride.
function reportRows(db: Kysely<ReadModels>, filter: ResolvedFilter) {
  return db
    .selectFrom('ride_reports as r')
    .leftJoin('report_drivers as d', 'd.operator_id', 'r.driver_id')
    .select([
      'r.ride_id', 'r.requester_name', 'r.from_location', 'r.to_location', 'r.vehicle_type', 'r.ride_type', 'r.status', 'r.created_at',
      'r.driver_id', 'r.driver_name', 'r.vehicle_number', 'r.forklift_number', 'r.started_at', 'r.picked_at', 'r.dropped_at', 'r.ended_at',
      'd.maintenance_status',
      (eb) => eb.fn.coalesce('d.completed_maintenance_date', 'd.released_maintenance_date').as('last_maintenance_date'),
    ])
    .where((eb) => matching(eb as unknown as Rows, filter))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.ride_id', 'desc');
}

export async function countRideReports(db: Kysely<ReadModels>, filter: RideReportFilter): Promise<number> {
  const resolved = await resolve(db, filter);
  const row = await db
    .selectFrom('ride_reports as r')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where((eb) => matching(eb as unknown as Rows, resolved))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page (from 1), newest ride first. */
export async function rideReportsPage(db: Kysely<ReadModels>, filter: RideReportFilter, page: number, pageSize: number): Promise<RideReportRecord[]> {
  return reportRows(db, await resolve(db, filter)).limit(pageSize).offset((page - 1) * pageSize).execute();
}

/** The next `limit` rows after `after` in page order: exports walk the table this way, never holding it all. */
export async function rideReportsAfter(db: Kysely<ReadModels>, filter: RideReportFilter, after: RideReportCursor | null, limit: number): Promise<RideReportRecord[]> {
  let query = reportRows(db, await resolve(db, filter));
  if (after) query = query.where((eb) => eb(eb.refTuple('r.created_at', 'r.ride_id'), '<', eb.tuple(after.createdAt, after.rideId)));
  return query.limit(limit).execute();
}
