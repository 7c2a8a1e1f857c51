import {
  MESSAGES,
  maintenanceOutcomeNotice,
  type EventOfType,
  type EventType,
  type SocketEventName,
  type SocketPayload,
} from '@plantride/schemas';
import { liveRooms } from './live-rooms';
import type { LiveEmit } from './ride-socket-events';

type Positioned<T extends EventType> = EventOfType<T> & { position: number };

function emit<E extends SocketEventName>(name: E, rooms: string[], payload: SocketPayload<E>): LiveEmit {
  return { name, rooms, payload } as LiveEmit;
}

// The driver's own sockets: his user room always, his driver room once his account is a driver's.
const driverRooms = (operatorId: string) => [liveRooms.user(operatorId), liveRooms.driver(operatorId)];

/** Admin saved the driver Active or Not Active: his dashboard blocks or unblocks, staff lists refresh. */
export function statusChanged({ data, position }: Positioned<'DriverStatusChanged'>): LiveEmit[] {
  return [
    emit('statusChanged', [...driverRooms(data.operatorId), liveRooms.staff], { driverId: data.operatorId, status: data.status, position }),
  ];
}

/** He asked for maintenance: his dashboard shows 'Vehicle Under Maintenance' at once. */
export function driverBlocked({ data, position }: Positioned<'DriverBlockedForMaintenance'>): LiveEmit[] {
  return [
    emit('driverBlocked', driverRooms(data.operatorId), {
      driverId: data.operatorId,
      message: MESSAGES.vehicleUnderMaintenance,
      maintenanceRequestId: data.maintenanceRequestId,
      position,
    }),
  ];
}

/** The maintenance block lifted (completed or rejected): his overlay goes, staff see him free. */
export function driverUnblocked({ data, position }: Positioned<'DriverUnblocked'>): LiveEmit[] {
  // Our own wording for a rejection (the spec's client shows none): what comes next, as the request's outcome says (issue #32).
  const status = data.reason === 'maintenance_completed' ? 'completed' : 'rejected';
  const message = maintenanceOutcomeNotice({ status, inspectionDue: data.inspectionDue });
  return [
    emit('driverUnblocked', [...driverRooms(data.operatorId), liveRooms.staff], {
      driverId: data.operatorId,
      message,
      reason: data.reason,
      position,
    }),
  ];
}

/** Issue #21: a driver inspected his vehicle; staff lists show today's inspection, so they refresh. A critical failure's block and request send their own events. */
export function vehicleInspected({ data, position }: Positioned<'VehicleInspected'>): LiveEmit[] {
  return [
    emit('vehicleInspected', [liveRooms.staff], {
      operatorId: data.operatorId,
      inspectionId: data.inspectionId,
      passed: data.passed,
      position,
    }),
  ];
}

/** Someone created an account: staff are told, so a driver's account can be checked against his record. */
export function newRegistrationRequest({ data, position }: Positioned<'UserSignedUp'>): LiveEmit[] {
  return [
    emit('newRegistrationRequest', [liveRooms.staff], {
      tokenNo: data.tokenNo,
      message: `New account registered: ${data.tokenNo}`,
      position,
    }),
  ];
}

/** A sign-up on a recorded driver's token number without his code: staff are told it waits for approval in Driver Info. */
export function driverRegistrationRequested({ data, position }: Positioned<'DriverRegistrationRequested'>): LiveEmit[] {
  const message = `Driver registration waiting for approval: ${data.tokenNo}`;
  return [emit('newRegistrationRequest', [liveRooms.staff], { tokenNo: data.tokenNo, message, pendingApproval: true, position })];
}
