import type { Kysely, Updateable } from 'kysely';
import { DRIVER_EVENT_TYPES, type DomainEvent, type DriverEvent } from '@plantride/schemas';
import type { EventPosition, Projection } from '../projection';
import type { ReadModels } from '../read-models';
import type { DriversTable } from './drivers.table';
import { driversMigrations } from './drivers.migrations';

type RecordEvent = Extract<DriverEvent, { type: 'DriverAdded' | 'DriverUpdated' }>;

const recordColumns = ({ data }: RecordEvent) => ({
  serial: data.serial,
  vehicle: data.vehicle,
  name: data.name,
  mobile: data.mobile,
  role: data.role,
  forklift: data.forklift,
  status: data.status,
  comments: data.comments,
  vehicle_assigned: data.vehicleAssigned,
});

function changeOf(event: Exclude<DriverEvent, { type: 'DriverAdded' }>, at: Date): Updateable<DriversTable> {
  switch (event.type) {
    case 'DriverUpdated':
      return recordColumns(event);
    case 'DriverStatusChanged':
      return { status: event.data.status };
    case 'DriverAccessToggled':
      return { access_active: event.data.active };
    case 'DriverBlockedForMaintenance':
      return { blocked_for_maintenance: true, maintenance_request_id: event.data.maintenanceRequestId };
    case 'DriverUnblocked':
      // A completed maintenance is the driver's last maintenance; a rejected one is not.
      return {
        blocked_for_maintenance: false,
        maintenance_request_id: null,
        ...(event.data.reason === 'maintenance_completed' ? { last_maintenance_date: at } : {}),
      };
  }
}

export const driversProjection: Projection<ReadModels> = {
  name: 'drivers',
  handles: DRIVER_EVENT_TYPES,
  migrations: driversMigrations,
  async apply(event: DomainEvent, position: EventPosition, db: Kysely<ReadModels>) {
    const driver = event as DriverEvent;
    if (driver.type === 'DriverAdded') {
      await db
        .insertInto('drivers')
        .values({
          operator_id: driver.data.operatorId,
          ...recordColumns(driver),
          created_at: new Date(driver.data.createdAt),
          blocked_for_maintenance: false,
          maintenance_request_id: null,
          access_active: true,
          last_maintenance_date: null,
          last_position: position.streamPosition,
        })
        .onConflict((oc) => oc.column('operator_id').doNothing())
        .execute();
      return;
    }
    await db
      .updateTable('drivers')
      .set({ ...changeOf(driver, position.recordedAt), last_position: position.streamPosition })
      .where('operator_id', '=', driver.data.operatorId)
      .where('last_position', '<', position.streamPosition)
      .execute();
  },
};
