import type { Updateable } from 'kysely';
import { DRIVER_EVENT_TYPES, type DriverEvent } from '@plantride/schemas';
import type { DriversTable } from './drivers.table';
import { driversMigrations } from './drivers.migrations';
import { rowProjection } from '../row-projection';
import { instantText, type WithTextTimes } from '../timestamp';

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

function changeOf(event: Exclude<DriverEvent, { type: 'DriverAdded' }>, at: Date): WithTextTimes<Updateable<DriversTable>> {
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
        // Issue #32: his vehicle is back only after a passed inspection recorded after this; the one before no longer counts.
        ...(event.data.inspectionDue ? { last_inspection_day: null, last_inspection_passed: null } : {}),
      };
    case 'DriverAssignedToRide':
    case 'DriverReleasedFromRide':
      // The rides read model already says who drives what; the assignment guards the write side only.
      return {};
    case 'DriverActivationCodeIssued':
    case 'DriverActivationCodeUsed':
      // A code's hash stays in the store; no read model shows it.
      return {};
    case 'DriverShiftStarted':
    case 'DriverShiftEnded':
    case 'DriverBreakStarted':
    case 'DriverBreakEnded':
      // Who is on shift (or on break) now is the engine's in-memory driver roster (engine/src/drivers/driver-roster.ts): it runs out with the clock.
      return {};
    case 'RobotRegistered':
    case 'RobotOrderCancelled':
      // An AMR robot's record is a driver row like any (issue #33 item 4); its VDA 5050 identity and orders are the engine's (GET /api/amrs).
      return {};
    case 'VehicleInspected':
      // His latest only; whether it is today's is asked at query time, so no timer turns it over at midnight.
      return {
        last_inspected_at: instantText(event.data.inspectedAt),
        last_inspection_day: event.data.day,
        last_inspection_passed: event.data.passed,
      };
  }
}

export const driversProjection = rowProjection({
  name: 'drivers',
  table: 'drivers',
  key: 'operator_id',
  handles: DRIVER_EVENT_TYPES,
  migrations: driversMigrations,
  createdBy: 'DriverAdded',
  keyOf: (event: DriverEvent) => event.data.operatorId,
  create: (event) => ({
    operator_id: event.data.operatorId,
    ...recordColumns(event),
    created_at: new Date(event.data.createdAt),
    blocked_for_maintenance: false,
    maintenance_request_id: null,
    access_active: true,
    last_maintenance_date: null,
    last_inspected_at: null,
    last_inspection_day: null,
    last_inspection_passed: null,
  }),
  change: (event, position) => changeOf(event, position.recordedAt),
});
