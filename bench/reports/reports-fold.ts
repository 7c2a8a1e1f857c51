import { sql } from 'kysely';
import { slaMetOf, vehicleNumberKey } from '@plantride/schemas';
import type { Database } from '../../engine/src/database/database';
import type { ReportDriversTable, RideReportsTable } from '../../projections/src/reports/reports.table';
import type { GeneratedEvent } from '../replay/ride-history.generator';

/** A ride_reports row as the reports projection leaves it. */
/**
 * A report row as folded here: every column set (the table's defaults are the projection's business), but
 * `load` (issue #32 item 7): the generated bookings say nothing of a load, so it stays null as loaded.
 */
export type ReportRow = Omit<RideReportsTable, 'priority' | 'load'> & { priority: string };
export const REPORT_COLUMNS = [
  'ride_id',
  'requester_id',
  'requester_name',
  'from_location',
  'to_location',
  'vehicle_type',
  'ride_type',
  'status',
  'created_at',
  'driver_id',
  'driver_name',
  'vehicle_number',
  'vehicle_number_key',
  'forklift_number',
  'started_at',
  'picked_at',
  'dropped_at',
  'ended_at',
  'priority',
  'sla_met',
  'last_position',
] as const satisfies readonly (keyof RideReportsTable)[];

type DriverRow = ReportDriversTable;

type D = Record<string, string>;

/**
 * The reports projection (projections/src/reports) folded in memory, so a million rides can be
 * loaded in bulk instead of one statement per event. bench:reports checks it against the real
 * projection on a sample of the same history every run, so a drift in the projection shows.
 */
export class ReportsFold {
  readonly rides = new Map<string, ReportRow>();
  readonly drivers = new Map<string, DriverRow>();
  readonly names = new Set<string>();
  readonly requests = new Map<string, string>();
  private readonly positions = new Map<string, number>();

  private driver(id: string): DriverRow {
    let row = this.drivers.get(id);
    if (!row)
      this.drivers.set(
        id,
        (row = {
          operator_id: id,
          name: null,
          vehicle_number: null,
          forklift_number: null,
          completed_maintenance_date: null,
          released_maintenance_date: null,
          latest_request_id: null,
          maintenance_status: null,
        }),
      );
    return row;
  }

  apply(event: GeneratedEvent): void {
    const position = (this.positions.get(event.streamId) ?? 0) + 1;
    this.positions.set(event.streamId, position);
    const d = event.data as D;
    switch (event.type) {
      case 'DriverAdded':
      case 'DriverUpdated':
        Object.assign(this.driver(d.operatorId!), {
          name: d.name || null,
          vehicle_number: d.vehicle || null,
          forklift_number: d.forklift || null,
        });
        return;
      case 'DriverUnblocked':
        if (d.reason === 'maintenance_completed') this.driver(d.operatorId!).released_maintenance_date = new Date(event.at);
        return;
      case 'MaintenanceRequested':
        if (!this.requests.has(d.requestId!)) this.requests.set(d.requestId!, d.driverId!);
        Object.assign(this.driver(d.driverId!), { latest_request_id: d.requestId, maintenance_status: 'pending' });
        return;
      case 'MaintenanceAccepted':
      case 'MaintenanceRejected':
      case 'MaintenanceCompleted': {
        const status = { MaintenanceAccepted: 'accepted', MaintenanceRejected: 'rejected', MaintenanceCompleted: 'completed' }[event.type];
        for (const row of this.drivers.values()) if (row.latest_request_id === d.requestId) row.maintenance_status = status;
        const driverId = d.driverId ?? this.requests.get(d.requestId!);
        if (event.type === 'MaintenanceCompleted' && driverId && this.drivers.has(driverId)) {
          const row = this.drivers.get(driverId)!;
          const date = new Date(d.maintenanceDate!);
          row.completed_maintenance_date =
            row.completed_maintenance_date && row.completed_maintenance_date > date ? row.completed_maintenance_date : date;
        }
        return;
      }
    }
    if (!event.streamId.startsWith('ride-')) return;
    if (event.type === 'RideRequested') {
      if (this.rides.has(d.rideId!)) return;
      this.rides.set(d.rideId!, {
        ride_id: d.rideId!,
        requester_id: d.requesterId!,
        requester_name: d.requesterName!,
        from_location: d.fromLocation!,
        to_location: d.toLocation!,
        vehicle_type: d.vehicleType!,
        ride_type: d.rideType!,
        status: d.scheduledFor === undefined ? 'requested' : 'scheduled',
        // The bench's rows are compared by their columns; the statechart snapshot stays out of it.
        ride_state: null,
        created_at: new Date(d.requestedAt!),
        priority: d.priority ?? 'normal',
        sla_met: null,
        driver_id: null,
        driver_name: null,
        vehicle_number: null,
        vehicle_number_key: null,
        forklift_number: null,
        started_at: null,
        picked_at: null,
        dropped_at: null,
        ended_at: null,
        // Issue #34 item 2: the bench's steps need no scan.
        scan_overrides: null,
        last_position: position,
      });
      return;
    }
    const row = this.rides.get(d.rideId!);
    if (!row || row.last_position >= position) return;
    Object.assign(row, this.changeOf(event.type, d), { last_position: position });
    // As the projection: a false SLA_MET is a target missed; the rule decides the rest.
    row.sla_met = slaMetOf({ completed: row.status === 'completed', targetMissed: row.sla_met === false });
  }

  private changeOf(type: string, d: D): Partial<ReportRow> {
    switch (type) {
      case 'RideAccepted':
      case 'RideTakenOver': {
        const driver = this.drivers.get(d.driverId!);
        const vehicleNumber = d.vehicleNumber || driver?.vehicle_number || null;
        if (d.driverName) this.names.add(`${d.driverId}\u0000${d.driverName}`);
        return {
          status: type === 'RideAccepted' ? 'accepted' : d.resumeState!,
          driver_id: d.driverId!,
          driver_name: d.driverName || null,
          vehicle_number: vehicleNumber,
          vehicle_number_key: vehicleNumber === null ? null : vehicleNumberKey(vehicleNumber),
          forklift_number: driver?.forklift_number ?? null,
        };
      }
      case 'RideStarted':
        return { status: 'started', started_at: new Date(d.startedAt!) };
      case 'MaterialPicked':
        return { status: 'material picked', picked_at: new Date(d.pickedAt!) };
      case 'MaterialDropped':
        return { status: 'delivered', dropped_at: new Date(d.droppedAt!) };
      case 'RideEnded':
        return { status: 'completed', ended_at: new Date(d.endedAt!) };
      case 'RideCancelled':
        return { status: 'cancelled' };
      case 'RideReleased':
        return { status: 'requested' };
      case 'RidePriorityChanged':
        return { priority: d.priority! };
      case 'RideSlaBreached':
        return { sla_met: false };
      case 'RideRedistributed':
        return {
          status: 'waiting_for_reassignment',
          driver_id: null,
          driver_name: null,
          vehicle_number: null,
          vehicle_number_key: null,
          forklift_number: null,
        };
      default:
        return {};
    }
  }

  /** Writes the ride rows folded so far and forgets them (a ride's events all come in one chunk). */
  async flushRides(database: Database): Promise<number> {
    const rows = [...this.rides.values()];
    if (rows.length === 0) return 0;
    const column = (name: (typeof REPORT_COLUMNS)[number]) => rows.map((row) => row[name]);
    const text = (name: (typeof REPORT_COLUMNS)[number]) => sql`${column(name)}::text[]`;
    const time = (name: (typeof REPORT_COLUMNS)[number]) =>
      sql`${rows.map((row) => (row[name] as Date | null)?.toISOString() ?? null)}::timestamptz[]`;
    await sql`insert into ride_reports (${sql.raw(REPORT_COLUMNS.join(', '))})
      select * from unnest(${text('ride_id')}, ${text('requester_id')}, ${text('requester_name')}, ${text('from_location')}, ${text('to_location')}, ${text('vehicle_type')}, ${text('ride_type')}, ${text('status')},
        ${time('created_at')}, ${text('driver_id')}, ${text('driver_name')}, ${text('vehicle_number')}, ${text('vehicle_number_key')}, ${text('forklift_number')},
        ${time('started_at')}, ${time('picked_at')}, ${time('dropped_at')}, ${time('ended_at')}, ${text('priority')}, ${column('sla_met')}::boolean[], ${column('last_position')}::int[])`.execute(
      database.db,
    );
    this.rides.clear();
    return rows.length;
  }

  /** Writes the drivers, their names and the maintenance requests (small tables, once at the end). */
  async flushDrivers(database: Database): Promise<void> {
    const drivers = [...this.drivers.values()];
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    await sql`insert into report_drivers (operator_id, name, vehicle_number, forklift_number, completed_maintenance_date, released_maintenance_date, latest_request_id, maintenance_status)
      select * from unnest(${drivers.map((r) => r.operator_id)}::text[], ${drivers.map((r) => r.name)}::text[], ${drivers.map((r) => r.vehicle_number)}::text[], ${drivers.map((r) => r.forklift_number)}::text[],
        ${drivers.map((r) => iso(r.completed_maintenance_date))}::timestamptz[], ${drivers.map((r) => iso(r.released_maintenance_date))}::timestamptz[], ${drivers.map((r) => r.latest_request_id)}::text[], ${drivers.map((r) => r.maintenance_status)}::text[])`.execute(
      database.db,
    );
    const names = [...this.names].map((n) => n.split('\u0000') as [string, string]);
    await sql`insert into report_driver_names (driver_id, driver_name) select * from unnest(${names.map((n) => n[0])}::text[], ${names.map((n) => n[1])}::text[])`.execute(
      database.db,
    );
    const requests = [...this.requests];
    await sql`insert into report_maintenance_requests (request_id, driver_id) select * from unnest(${requests.map((r) => r[0])}::text[], ${requests.map((r) => r[1])}::text[])`.execute(
      database.db,
    );
  }
}
