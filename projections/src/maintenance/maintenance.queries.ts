import type { Kysely, Selectable } from 'kysely';
import type { ReadModels } from '../read-models';
import type { MaintenanceRequestsTable } from './maintenance.table';
import { paged, type Page, type Paged } from '../paging';

export type MaintenanceRequestRecord = Selectable<MaintenanceRequestsTable>;

/**
 * A request as the maintenance screens list it: the request, with the driver as his records say now
 * (name, mobile, role) and his last maintenance. The name is never the one the request was sent with.
 */
export interface MaintenanceRequestListing extends MaintenanceRequestRecord {
  mobile: string | null;
  role: string | null;
  last_maintenance_date: Date | null;
}

export async function findMaintenanceRequest(db: Kysely<ReadModels>, requestId: string): Promise<MaintenanceRequestRecord | undefined> {
  return db.selectFrom('maintenance_requests').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

/**
 * Every request, newest first. A driver's name and mobile are his driver record's, else his
 * account's; the name at filing only when he has neither. His last maintenance is his latest
 * completed request, or what his record says. The vehicle's registration is the one recorded with the
 * request, else (a request from before issue #32) his record's now.
 */
export async function listMaintenanceRequests(db: Kysely<ReadModels>): Promise<MaintenanceRequestListing[]> {
  return withDrivers(db, await maintenanceListQuery(db).execute());
}

/** A page of {@link listMaintenanceRequests}, and how many there are in all. */
export async function listMaintenanceRequestsPage(db: Kysely<ReadModels>, page: Page): Promise<Paged<MaintenanceRequestListing>> {
  const { rows, total } = await paged(maintenanceListQuery(db), page);
  return { rows: await withDrivers(db, rows), total };
}

/** Requests not yet completed or rejected (pending, accepted), oldest first: the dispatcher board's open breakdowns. */
export async function openMaintenanceRequests(db: Kysely<ReadModels>): Promise<MaintenanceRequestListing[]> {
  const rows = await maintenanceListQuery(db)
    .clearOrderBy()
    .where('m.status', 'in', ['pending', 'accepted'])
    .orderBy('m.requested_at')
    .orderBy('m.request_id')
    .execute();
  return withDrivers(db, rows);
}

const maintenanceListQuery = (db: Kysely<ReadModels>) =>
  db
    .selectFrom('maintenance_requests as m')
    .leftJoin('drivers as d', 'd.operator_id', 'm.driver_id')
    .leftJoin('users as u', 'u.token_no', 'm.driver_id')
    .selectAll('m')
    .select([
      'd.name as record_name',
      'u.name as account_name',
      'd.mobile as driver_mobile',
      'u.mobile as user_mobile',
      'd.role as role',
      'd.last_maintenance_date as record_maintenance_date',
      'd.vehicle as record_vehicle',
    ])
    .orderBy('m.requested_at', 'desc')
    .orderBy('m.request_id');

type MaintenanceListRow = Awaited<ReturnType<ReturnType<typeof maintenanceListQuery>['execute']>>[number];

async function withDrivers(db: Kysely<ReadModels>, rows: MaintenanceListRow[]): Promise<MaintenanceRequestListing[]> {
  if (rows.length === 0) return [];
  const latest = await db
    .selectFrom('maintenance_requests')
    .select(['driver_id', (eb) => eb.fn.max('maintenance_date').as('last')])
    .where('status', '=', 'completed')
    .where('driver_id', 'in', [...new Set(rows.map((row) => row.driver_id))])
    .groupBy('driver_id')
    .execute();
  const lastByDriver = new Map(latest.map((row) => [row.driver_id, row.last ? new Date(row.last) : null]));
  return rows.map(
    ({ record_name, account_name, driver_mobile, user_mobile, role, record_maintenance_date, record_vehicle, ...request }) => ({
      ...request,
      // A request recorded before issue #32 kept no registration: his record's, as it is now.
      vehicle_number: request.vehicle_number ?? (record_vehicle || null),
      driver_name: record_name || account_name || request.driver_name,
      mobile: driver_mobile ?? user_mobile,
      role,
      last_maintenance_date: lastByDriver.get(request.driver_id) ?? record_maintenance_date,
    }),
  );
}
