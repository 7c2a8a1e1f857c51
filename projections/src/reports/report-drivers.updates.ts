import type { Kysely, Selectable } from 'kysely';
import type { DriverEvent, MaintenanceEvent } from '@plantride/schemas';
import type { EventPosition } from '../projection';
import type { ReadModels } from '../read-models';
import type { ReportDriversTable } from './reports.table';
import { insertRowsIfAbsent, upsertRows } from '../batch-writes';

export const REPORT_DRIVER_EVENT_TYPES = [
  'DriverAdded',
  'DriverUpdated',
  'DriverUnblocked',
] as const satisfies readonly DriverEvent['type'][];
export const REPORT_MAINTENANCE_EVENT_TYPES = [
  'MaintenanceRequested',
  'MaintenanceAccepted',
  'MaintenanceRejected',
  'MaintenanceCompleted',
] as const satisfies readonly MaintenanceEvent['type'][];

export type ReportDriverEvent = Extract<DriverEvent, { type: (typeof REPORT_DRIVER_EVENT_TYPES)[number] }>;
export type ReportMaintenanceEvent = Extract<MaintenanceEvent, { type: (typeof REPORT_MAINTENANCE_EVENT_TYPES)[number] }>;
type DriverRow = Selectable<ReportDriversTable>;
type Values = Partial<Omit<DriverRow, 'operator_id'>>;

/**
 * The report_drivers and report_maintenance_requests rows a batch touches, read once, changed in
 * memory event by event, written back once. Driver and maintenance events can arrive in either
 * order for a driver, so every driver change is an upsert.
 */
export class ReportDriversFold {
  private readonly changed = new Set<string>();
  private readonly newRequests: { request_id: string; driver_id: string }[] = [];

  private constructor(
    private readonly drivers: Map<string, DriverRow>,
    private readonly requests: Map<string, string>,
  ) {}

  /** Reads the rows the batch's driver and maintenance events, and the drivers its rides assign, touch. */
  static async load(
    db: Kysely<ReadModels>,
    events: readonly (ReportDriverEvent | ReportMaintenanceEvent)[],
    assignedDrivers: readonly string[],
  ): Promise<ReportDriversFold> {
    const requests = new Map<string, string>();
    // A completion names its driver; one stored before it did (version 1, driverId null) is looked up by its request.
    const unnamed = events.flatMap((e) => (e.type === 'MaintenanceCompleted' && e.data.driverId === null ? [e.data.requestId] : []));
    if (unnamed.length > 0) {
      const rows = await db
        .selectFrom('report_maintenance_requests')
        .selectAll()
        .where('request_id', 'in', [...new Set(unnamed)])
        .execute();
      for (const row of rows) requests.set(row.request_id, row.driver_id);
    }
    const ids = new Set([...assignedDrivers, ...requests.values()]);
    const requestIds = new Set<string>();
    for (const event of events) {
      if ('operatorId' in event.data) ids.add(event.data.operatorId);
      else if (event.type === 'MaintenanceRequested') ids.add(event.data.driverId);
      else {
        requestIds.add(event.data.requestId);
        if (event.type === 'MaintenanceCompleted' && event.data.driverId !== null) ids.add(event.data.driverId);
      }
    }
    const drivers = new Map<string, DriverRow>();
    if (ids.size > 0 || requestIds.size > 0) {
      const rows = await db
        .selectFrom('report_drivers')
        .selectAll()
        .where((eb) =>
          eb.or([
            ...(ids.size > 0 ? [eb('operator_id', 'in', [...ids])] : []),
            ...(requestIds.size > 0 ? [eb('latest_request_id', 'in', [...requestIds])] : []),
          ]),
        )
        .execute();
      for (const row of rows) drivers.set(row.operator_id, row);
    }
    return new ReportDriversFold(drivers, requests);
  }

  get(operatorId: string): DriverRow | undefined {
    return this.drivers.get(operatorId);
  }

  private upsert(operatorId: string, values: Values) {
    const row = this.drivers.get(operatorId) ?? {
      operator_id: operatorId,
      name: null,
      vehicle_number: null,
      forklift_number: null,
      completed_maintenance_date: null,
      released_maintenance_date: null,
      latest_request_id: null,
      maintenance_status: null,
    };
    Object.assign(row, values);
    this.drivers.set(operatorId, row);
    this.changed.add(operatorId);
  }

  private setLatestStatus(requestId: string, status: string) {
    for (const row of this.drivers.values()) {
      if (row.latest_request_id !== requestId) continue;
      row.maintenance_status = status;
      this.changed.add(row.operator_id);
    }
  }

  apply(event: ReportDriverEvent | ReportMaintenanceEvent, position: EventPosition): void {
    switch (event.type) {
      case 'DriverAdded':
      case 'DriverUpdated':
        return this.upsert(event.data.operatorId, {
          name: event.data.name || null,
          vehicle_number: event.data.vehicle || null,
          forklift_number: event.data.forklift || null,
        });
      case 'DriverUnblocked':
        // Staff may release a driver as maintained without completing a request; that counts as his maintenance then.
        if (event.data.reason === 'maintenance_completed')
          this.upsert(event.data.operatorId, { released_maintenance_date: position.recordedAt });
        return;
      case 'MaintenanceRequested':
        if (!this.requests.has(event.data.requestId)) {
          this.requests.set(event.data.requestId, event.data.driverId);
          this.newRequests.push({ request_id: event.data.requestId, driver_id: event.data.driverId });
        }
        return this.upsert(event.data.driverId, { latest_request_id: event.data.requestId, maintenance_status: 'pending' });
      case 'MaintenanceAccepted':
        return this.setLatestStatus(event.data.requestId, 'accepted');
      case 'MaintenanceRejected':
        return this.setLatestStatus(event.data.requestId, 'rejected');
      case 'MaintenanceCompleted': {
        this.setLatestStatus(event.data.requestId, 'completed');
        const driverId = event.data.driverId ?? this.requests.get(event.data.requestId);
        const row = driverId === undefined ? undefined : this.drivers.get(driverId);
        if (!row) return;
        // The latest of his completed maintenances, as the maintenance list shows it.
        const date = new Date(event.data.maintenanceDate);
        if (!row.completed_maintenance_date || date.getTime() > row.completed_maintenance_date.getTime())
          row.completed_maintenance_date = date;
        this.changed.add(row.operator_id);
        return;
      }
    }
  }

  async write(db: Kysely<ReadModels>): Promise<void> {
    await insertRowsIfAbsent(db, 'report_maintenance_requests', this.newRequests);
    await upsertRows(
      db,
      'report_drivers',
      ['operator_id'],
      [...this.changed].map((id) => this.drivers.get(id)!),
    );
  }
}
