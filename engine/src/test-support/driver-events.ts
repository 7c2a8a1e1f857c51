import { randomUUID } from 'node:crypto';
import type { EventStore } from '../event-store/event-store';
import { driverStreamId, type DriverEvent, type DriverStatus, type RideReleaseReason, type UnblockReason } from '@plantride/schemas';
import { at, eventsOf } from './event-builder';

type DriverRecord = Extract<DriverEvent, { type: 'DriverAdded' }>['data'];
const event = eventsOf<DriverEvent>((data) => driverStreamId(data.operatorId));

// The admin record as a new-driver form would fill it; `minute` sets createdAt (see `at`).
const record = (operatorId: string, minute: number, more: Partial<DriverRecord>): DriverRecord => ({
  operatorId,
  serial: 1,
  vehicle: `MH12 ${operatorId}`,
  name: `Driver ${operatorId}`,
  mobile: '9876543210',
  role: 'Driver',
  forklift: `FL-${operatorId}`,
  status: 'Active',
  comments: '',
  vehicleAssigned: 'Forklift',
  createdAt: at(minute),
  ...more,
});

/** Driver record events with plausible defaults, for given-events tests. */
export const driverEvents = {
  added: (operatorId: string, minute = 0, more: Partial<DriverRecord> = {}) => event('DriverAdded', record(operatorId, minute, more)),
  /** The whole record again, as the admin's save sends it; unchanged fields keep the defaults. */
  updated: (operatorId: string, minute = 0, more: Partial<DriverRecord> = {}) => event('DriverUpdated', record(operatorId, minute, more)),
  statusChanged: (operatorId: string, status: DriverStatus) => event('DriverStatusChanged', { operatorId, status }),
  accessToggled: (operatorId: string, active: boolean) => event('DriverAccessToggled', { operatorId, active }),
  blockedForMaintenance: (operatorId: string, maintenanceRequestId: string) =>
    event('DriverBlockedForMaintenance', { operatorId, maintenanceRequestId }),
  unblocked: (operatorId: string, reason: UnblockReason, inspectionDue = false) =>
    event('DriverUnblocked', { operatorId, reason, inspectionDue }),
  assignedToRide: (operatorId: string, rideId: string) => event('DriverAssignedToRide', { operatorId, rideId }),
  releasedFromRide: (operatorId: string, rideId: string, reason: RideReleaseReason = 'ended') =>
    event('DriverReleasedFromRide', { operatorId, rideId, reason }),
  /** A shift begun at `startedAt` for `hours` (the default SHIFT_HOURS, 8). */
  shiftStarted: (operatorId: string, startedAt: Date, hours = 8, location: string | null = null) =>
    event('DriverShiftStarted', {
      operatorId,
      location,
      startedAt: startedAt.toISOString(),
      endsAt: new Date(startedAt.getTime() + hours * 3_600_000).toISOString(),
    }),
  shiftEnded: (operatorId: string, endedAt: Date) => event('DriverShiftEnded', { operatorId, endedAt: endedAt.toISOString() }),
  breakStarted: (operatorId: string, startedAt: Date) => event('DriverBreakStarted', { operatorId, startedAt: startedAt.toISOString() }),
  breakEnded: (operatorId: string, endedAt: Date) => event('DriverBreakEnded', { operatorId, endedAt: endedAt.toISOString() }),
};

/**
 * A driver event appended straight to his stream at its current version: for tests that need a
 * driver in a state (blocked, released) without the commands that lead there.
 */
export async function appendDriverEvent(store: EventStore, event: DriverEvent): Promise<number> {
  const streamId = driverStreamId(event.data.operatorId);
  const version = (await store.readStream(streamId)).length;
  const { position } = await store.append(
    streamId,
    version,
    [{ eventId: randomUUID(), type: event.type, schemaVersion: 1, data: event.data }],
    { actor: { system: 'test' } },
  );
  return position;
}
