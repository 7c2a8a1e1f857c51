import { sql, type Kysely, type Updateable } from 'kysely';
import type { DriverEvent, MaintenanceEvent } from '@plantride/schemas';
import type { EventPosition } from '../projection';
import type { ReadModels } from '../read-models';
import type { ReportDriversTable } from './reports.table';

export const REPORT_DRIVER_EVENT_TYPES = ['DriverAdded', 'DriverUpdated', 'DriverUnblocked'] as const satisfies readonly DriverEvent['type'][];
export const REPORT_MAINTENANCE_EVENT_TYPES = ['MaintenanceRequested', 'MaintenanceAccepted', 'MaintenanceRejected', 'MaintenanceCompleted'] as const satisfies readonly MaintenanceEvent['type'][];

export type ReportDriverEvent = Extract<DriverEvent, { type: (typeof REPORT_DRIVER_EVENT_TYPES)[number] }>;
export type ReportMaintenanceEvent = Extract<MaintenanceEvent, { type: (typeof REPORT_MAINTENANCE_EVENT_TYPES)[number] }>;

// Driver and maintenance events can arrive in either order for a driver, so every write is an upsert.
async function upsertDriver(db: Kysely<ReadModels>, operatorId: string, values: Updateable<ReportDriversTable>): Promise<void> {
  await db
    .insertInto('report_drivers')
    .values({ operator_id: operatorId, ...values })
    .onConflict((oc) => oc.column('operator_id').doUpdateSet(values))
    .execute();
}

export async function applyDriverEvent(event: ReportDriverEvent, position: EventPosition, db: Kysely<ReadModels>): Promise<void> {
  switch (event.type) {
    case 'DriverAdded':
    case 'DriverUpdated':
      return upsertDriver(db, event.data.operatorId, { name: event.data.name || null, vehicle_number: event.data.vehicle || null, forklift_number: event.data.forklift || null });
    case 'DriverUnblocked':
      // Staff may release a driver as maintained without completing a request; that counts as his maintenance then.
      if (event.data.reason === 'maintenance_completed') await upsertDriver(db, event.data.operatorId, { released_maintenance_date: position.recordedAt });
      return;
  }
}

export async function applyMaintenanceEvent(event: ReportMaintenanceEvent, db: Kysely<ReadModels>): Promise<void> {
  const setLatestStatus = (requestId: string, status: string) =>
    db.updateTable('report_drivers').set({ maintenance_status: status }).where('latest_request_id', '=', requestId).execute();
  switch (event.type) {
    case 'MaintenanceRequested':
      await db.insertInto('report_maintenance_requests').values({ request_id: event.data.requestId, driver_id: event.data.driverId }).onConflict((oc) => oc.doNothing()).execute();
      return upsertDriver(db, event.data.driverId, { latest_request_id: event.data.requestId, maintenance_status: 'pending' });
    case 'MaintenanceAccepted':
      await setLatestStatus(event.data.requestId, 'accepted');
      return;
    case 'MaintenanceRejected':
      await setLatestStatus(event.data.requestId, 'rejected');
      return;
    case 'MaintenanceCompleted': {
      await setLatestStatus(event.data.requestId, 'completed');
      const request = await db.selectFrom('report_maintenance_requests').select('driver_id').where('request_id', '=', event.data.requestId).executeTakeFirst();
      if (!request) return;
      // The latest of his completed maintenances, as the maintenance list shows it; greatest() skips a null.
      const date = new Date(event.data.maintenanceDate);
      await db
        .updateTable('report_drivers')
        .set({ completed_maintenance_date: sql<Date>`greatest(completed_maintenance_date, ${date})` })
        .where('operator_id', '=', request.driver_id)
        .execute();
      return;
    }
  }
}
