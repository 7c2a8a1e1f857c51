import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { VEHICLE_TYPES, type RideLoad, type RideReportFilter } from '@plantride/schemas';
import type { ReadModels } from '../read-models';
import type { RideReportsTable } from './reports.table';

/** A ride report row with its driver's current maintenance facts. */
export type RideReportRecord = Omit<
  RideReportsTable,
  'requester_id' | 'vehicle_number_key' | 'last_position' | 'priority' | 'ride_state' | 'load'
> & {
  priority: string;
  load: RideLoad | null;
  last_maintenance_date: Date | null;
  maintenance_status: string | null;
};

type TimeKey = 'created_at' | 'started_at' | 'picked_at' | 'dropped_at' | 'ended_at' | 'last_maintenance_date';
/**
 * A ride report row for an export: its times as milliseconds since the epoch (what the Date of
 * rideReportsAfter would hold), null where that would be null. PostgreSQL sends them as numbers, so a
 * million-row export parses no date text and makes no Date per cell.
 */
export type RideReportExportRecord = Omit<RideReportRecord, TimeKey> & { created_at: number } & {
  [K in Exclude<TimeKey, 'created_at'>]: number | null;
};

/** Where a keyset walk stopped: the last row's created time and ride id. */
export interface RideReportCursor {
  createdAt: Date;
  rideId: string;
}

type Rows = ExpressionBuilder<ReadModels & { r: ReadModels['ride_reports'] }, 'r'>;
/** A driver and one name he has driven under. */
interface DriverName {
  driver_id: string;
  driver_name: string;
}
/** A filter whose driver name part has been turned into the (driver, name) pairs rides were driven under that contain it. */
type ResolvedFilter = RideReportFilter & { namesByPart?: DriverName[] };

const likePattern = (part: string) => `%${part.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The few names first: every named ride's (driver, name) pair is in report_driver_names, so the rides
// are then found by equality through the driver index. A LIKE on the rides themselves was estimated at
// one row in a million, and the planner then fetched every ride of those drivers to sort them.
async function resolve(db: Kysely<ReadModels>, filter: RideReportFilter): Promise<ResolvedFilter> {
  if (!filter.driverName) return filter;
  const names = await db
    .selectFrom('report_driver_names')
    .select(['driver_id', 'driver_name'])
    .where(sql<SqlBool>`lower(driver_name) like ${likePattern(filter.driverName)}`)
    .orderBy('driver_id')
    .orderBy('driver_name')
    .execute();
  return { ...filter, namesByPart: names };
}

function matching(eb: Rows, filter: ResolvedFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.vehicleType === 'Other') conditions.push(eb('r.vehicle_type', 'not in', [...VEHICLE_TYPES]));
  else if (filter.vehicleType) conditions.push(eb('r.vehicle_type', '=', filter.vehicleType));
  if (filter.vehicleNumberKey !== undefined) conditions.push(eb('r.vehicle_number_key', '=', filter.vehicleNumberKey));
  if (filter.forkliftNumbers?.length) conditions.push(eb('r.forklift_number', 'in', [...filter.forkliftNumbers]));
  if (filter.statuses?.length) conditions.push(eb('r.status', 'in', [...filter.statuses]));
  if (filter.driverId) conditions.push(eb('r.driver_id', '=', filter.driverId));
  if (filter.priority) conditions.push(eb('r.priority', '=', filter.priority));
  if (filter.slaMet !== undefined) conditions.push(eb('r.sla_met', '=', filter.slaMet));
  if (filter.driverName) {
    // The ride's own name decides: a driver renamed since matches only the rides he drove under that name.
    const names = filter.namesByPart ?? [];
    if (names.length === 0) conditions.push(sql<SqlBool>`false`);
    else if (names.length === 1)
      conditions.push(eb('r.driver_id', '=', names[0]!.driver_id), eb('r.driver_name', '=', names[0]!.driver_name));
    else
      conditions.push(
        eb(
          eb.refTuple('r.driver_id', 'r.driver_name'),
          'in',
          names.map((n) => eb.tuple(n.driver_id, n.driver_name)),
        ),
      );
  }
  if (filter.createdFrom) conditions.push(eb('r.created_at', '>=', filter.createdFrom));
  if (filter.createdBefore) conditions.push(eb('r.created_at', '<', filter.createdBefore));
  return eb.and(conditions);
}

const RIDE_COLUMNS = [
  'r.ride_id',
  'r.requester_name',
  'r.from_location',
  'r.to_location',
  'r.vehicle_type',
  'r.ride_type',
  'r.status',
  'r.created_at',
  'r.driver_id',
  'r.driver_name',
  'r.vehicle_number',
  'r.forklift_number',
  'r.started_at',
  'r.picked_at',
  'r.dropped_at',
  'r.ended_at',
  'r.priority',
  'r.sla_met',
  'r.load',
  'r.scan_overrides',
] as const;

/** The matching rides in page order (newest first, the ride id as tiebreak), after `after` when given. */
function matchingRides(db: Kysely<ReadModels>, filter: ResolvedFilter, after: RideReportCursor | null) {
  let query = db
    .selectFrom('ride_reports as r')
    .select([...RIDE_COLUMNS])
    .where((eb) => matching(eb as unknown as Rows, filter));
  if (after) query = query.where((eb) => eb(eb.refTuple('r.created_at', 'r.ride_id'), '<', eb.tuple(after.createdAt, after.rideId)));
  return query.orderBy('r.created_at', 'desc').orderBy('r.ride_id', 'desc');
}

type RideSlice = ReturnType<typeof matchingRides>;

/**
 * A page far down the list: the `offset` rows before it are walked for their ride ids only, which the
 * index of the page order holds (an index-only scan once the table's pages are all-visible, as
 * autovacuum leaves them), and only the page's own rows are then read from the table. Walked with
 * every column, page 2,000 of 15 fetched 30,000 rows from the table to keep 15.
 */
function deferredSlice(
  db: Kysely<ReadModels>,
  filter: ResolvedFilter,
  limit: number,
  offset: number,
  after: RideReportCursor | null,
): RideSlice {
  let keys = db
    .selectFrom('ride_reports as r')
    .select('r.ride_id')
    .where((eb) => matching(eb as unknown as Rows, filter));
  if (after) keys = keys.where((eb) => eb(eb.refTuple('r.created_at', 'r.ride_id'), '<', eb.tuple(after.createdAt, after.rideId)));
  return db
    .selectFrom('ride_reports as r')
    .select([...RIDE_COLUMNS])
    .where('r.ride_id', 'in', keys.orderBy('r.created_at', 'desc').orderBy('r.ride_id', 'desc').limit(limit).offset(offset))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.ride_id', 'desc');
}

// Past this many (driver, name) pairs a name part matches, one IN over the driver index is cheaper than a branch each.
const MAX_NAME_BRANCHES = 32;

/**
 * `limit` matching rides from `offset`, in page order. A driver name part that several (driver, name)
 * pairs contain is asked pair by pair, each branch reading at most offset + limit of that driver's
 * rides newest first through the driver index: one IN over all of them made PostgreSQL fetch every
 * ride of every such driver (45,000 for 'Driver B' in a million) to sort them for a page of 15.
 */
function ridesSlice(
  db: Kysely<ReadModels>,
  filter: ResolvedFilter,
  limit: number,
  offset: number,
  after: RideReportCursor | null,
): RideSlice {
  const names = filter.namesByPart ?? [];
  if (names.length < 2 || names.length > MAX_NAME_BRANCHES)
    return offset === 0 ? matchingRides(db, filter, after).limit(limit) : deferredSlice(db, filter, limit, offset, after);
  const branches = names.map((name, i) =>
    db
      .selectFrom(
        matchingRides(db, { ...filter, namesByPart: [name] }, after)
          .limit(offset + limit)
          .as(`b${i}`),
      )
      .selectAll(),
  );
  const union = branches.slice(1).reduce((all, branch) => all.unionAll(branch), branches[0]!);
  return db
    .selectFrom(union.as('r'))
    .select([...RIDE_COLUMNS])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.ride_id', 'desc')
    .limit(limit)
    .offset(offset) as unknown as RideSlice;
}

// Maintenance date and status are the driver's current facts, so they are joined at read time rather
// than copied onto the ride — and only to the rows of the slice, after the filter, order and limit:
// joined before the limit, a driver name filter the planner misjudged made it join every ride.
async function withDrivers(db: Kysely<ReadModels>, slice: RideSlice): Promise<RideReportRecord[]> {
  return db
    .selectFrom(slice.as('r'))
    .leftJoin('report_drivers as d', 'd.operator_id', 'r.driver_id')
    .select([
      ...RIDE_COLUMNS,
      'd.maintenance_status',
      (eb) => eb.fn.coalesce('d.completed_maintenance_date', 'd.released_maintenance_date').as('last_maintenance_date'),
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.ride_id', 'desc')
    .execute();
}

/** How many rows match, counted no further than `atMost`: `capped` says there are more. */
export interface RideReportCount {
  total: number;
  capped: boolean;
}

/** Past this many matching rows the page's total is 'at least': an exact count of a broad filter walks the whole table. */
export const REPORT_COUNT_CAP = 10_000;

/**
 * How many rows match, counting at most `atMost` (the screen's 'N+' when there are more). The count
 * stops at the cap, so a broad filter costs an index walk of `atMost` rows instead of a table scan.
 */
export async function countRideReports(
  db: Kysely<ReadModels>,
  filter: RideReportFilter,
  atMost = REPORT_COUNT_CAP,
): Promise<RideReportCount> {
  const resolved = await resolve(db, filter);
  const row = await db
    .selectFrom(
      db
        .selectFrom('ride_reports as r')
        .select(sql<number>`1`.as('one'))
        .where((eb) => matching(eb as unknown as Rows, resolved))
        .limit(atMost + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  const counted = Number(row.count);
  return counted > atMost ? { total: atMost, capped: true } : { total: counted, capped: false };
}

/** One page (from 1), newest ride first. */
export async function rideReportsPage(
  db: Kysely<ReadModels>,
  filter: RideReportFilter,
  page: number,
  pageSize: number,
): Promise<RideReportRecord[]> {
  return withDrivers(db, ridesSlice(db, await resolve(db, filter), pageSize, (page - 1) * pageSize, null));
}

// Milliseconds since the epoch, as a Date parsed from the column's text would hold them (sub-millisecond digits dropped).
const epochMs = (time: ReturnType<typeof sql>) => sql<number | null>`floor(extract(epoch from ${time}) * 1000)::float8`;

/** rideReportsAfter with the times as epoch milliseconds (RideReportExportRecord): what the CSV export reads. */
export async function rideReportExportAfter(
  db: Kysely<ReadModels>,
  filter: RideReportFilter,
  after: RideReportCursor | null,
  limit: number,
): Promise<RideReportExportRecord[]> {
  const slice = ridesSlice(db, await resolve(db, filter), limit, 0, after);
  const rows = await db
    .selectFrom(slice.as('r'))
    .leftJoin('report_drivers as d', 'd.operator_id', 'r.driver_id')
    .select([
      'r.ride_id',
      'r.requester_name',
      'r.from_location',
      'r.to_location',
      'r.vehicle_type',
      'r.ride_type',
      'r.status',
      'r.driver_id',
      'r.driver_name',
      'r.vehicle_number',
      'r.forklift_number',
      'r.priority',
      'r.sla_met',
      'r.load',
      'r.scan_overrides',
      'd.maintenance_status',
      epochMs(sql.ref('r.created_at')).as('created_at'),
      epochMs(sql.ref('r.started_at')).as('started_at'),
      epochMs(sql.ref('r.picked_at')).as('picked_at'),
      epochMs(sql.ref('r.dropped_at')).as('dropped_at'),
      epochMs(sql.ref('r.ended_at')).as('ended_at'),
      epochMs(sql`coalesce(${sql.ref('d.completed_maintenance_date')}, ${sql.ref('d.released_maintenance_date')})`).as(
        'last_maintenance_date',
      ),
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.ride_id', 'desc')
    .execute();
  return rows as RideReportExportRecord[];
}

/** The next `limit` rows after `after` in page order: exports walk the table this way, never holding it all. */
export async function rideReportsAfter(
  db: Kysely<ReadModels>,
  filter: RideReportFilter,
  after: RideReportCursor | null,
  limit: number,
): Promise<RideReportRecord[]> {
  return withDrivers(db, ridesSlice(db, await resolve(db, filter), limit, 0, after));
}

/** The rides `driverId` ended at or after `since` (his day's tally, issue #32 item 7): when each started and ended. */
export async function ridesEndedByDriverSince(
  db: Kysely<ReadModels>,
  driverId: string,
  since: Date,
): Promise<Array<{ started_at: Date | null; ended_at: Date }>> {
  const rows = await db
    .selectFrom('ride_reports')
    .select(['started_at', 'ended_at'])
    .where('driver_id', '=', driverId)
    .where('ended_at', '>=', since)
    .execute();
  return rows.flatMap((row) => (row.ended_at ? [{ started_at: row.started_at, ended_at: row.ended_at }] : []));
}
