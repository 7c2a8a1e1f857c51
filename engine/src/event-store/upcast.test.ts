import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSIONS } from '@plantride/schemas';
import { toDomainEvent } from './upcast';

const redistributedV1 = {
  rideId: 'R1',
  originalDriverId: 'D1',
  originalDriverName: 'Driver D1',
  maintenanceComment: 'Engine Issue',
  maintenanceRequestId: null,
  resumeState: 'started',
  redistributedAt: '2026-11-25T08:04:00.000Z',
};

describe('upcasting stored events', () => {
  it('given a RideRedistributed stored at version 1 for a ride under offer dispatch, when it is read, then it says every driver of the type may take it over, as the engine that wrote it allowed, and that how many could is not known', () => {
    expect(EVENT_SCHEMA_VERSIONS.RideRedistributed).toBe(3);
    const event = toDomainEvent({ type: 'RideRedistributed', schemaVersion: 1, globalPosition: 7, data: redistributedV1 });
    expect(event).toEqual({ type: 'RideRedistributed', data: { ...redistributedV1, openToAll: true, alternativeDrivers: null } });
  });

  it('given a RideRedistributed stored at version 2, when it is read, then it keeps what it said and the count of other drivers is not known (null: no noAlternativeDriver on its account)', () => {
    const stored = { ...redistributedV1, openToAll: true };
    const event = toDomainEvent({ type: 'RideRedistributed', schemaVersion: 2, globalPosition: 8, data: stored });
    expect(event).toEqual({ type: 'RideRedistributed', data: { ...stored, alternativeDrivers: null } });
  });

  it.each([
    ['MaintenanceRejected', { requestId: 'M1', reason: 'no fault found', rejectedAt: '2026-11-25T09:00:00.000Z' }],
    ['MaintenanceCompleted', { requestId: 'M1', maintenanceDate: '2026-11-25T09:00:00.000Z' }],
  ] as const)(
    'given a %s stored at version 1, before outcomes named the driver, when it is read, then its driver is null: its request names him; and no inspection was due',
    (type, data) => {
      expect(EVENT_SCHEMA_VERSIONS[type]).toBe(3);
      expect(toDomainEvent({ type, schemaVersion: 1, globalPosition: 9, data })).toEqual({
        type,
        data: { ...data, driverId: null, inspectionDue: false },
      });
      const v2 = { ...data, driverId: 'F001' };
      expect(toDomainEvent({ type, schemaVersion: 2, globalPosition: 10, data: v2 })).toEqual({
        type,
        data: { ...v2, inspectionDue: false },
      });
    },
  );

  it('given a DriverUnblocked stored at version 1, before releases could wait for an inspection, when it is read, then no inspection is due', () => {
    const data = { operatorId: 'F001', reason: 'maintenance_rejected' };
    expect(toDomainEvent({ type: 'DriverUnblocked', schemaVersion: 1, globalPosition: 9, data })).toEqual({
      type: 'DriverUnblocked',
      data: { ...data, inspectionDue: false },
    });
  });

  it('given a MaintenanceRequested stored at version 1, before requests recorded the registration, when it is read, then its vehicle number is null', () => {
    const data = {
      requestId: 'M1',
      driverId: 'F001',
      driverName: 'Ravi',
      vehicleType: 'Forklift',
      issue: 'Engine Issue',
      commentText: 'smoke',
      breakdownType: 'full',
      rideId: null,
      requestedAt: '2026-11-25T09:00:00.000Z',
    };
    expect(toDomainEvent({ type: 'MaintenanceRequested', schemaVersion: 1, globalPosition: 9, data })).toEqual({
      type: 'MaintenanceRequested',
      data: { ...data, vehicleNumber: null },
    });
  });

  it('given an event at a version with no upcaster, when it is read, then it is refused by name', () => {
    expect(() => toDomainEvent({ type: 'RideRedistributed', schemaVersion: 0, globalPosition: 3, data: {} })).toThrow(
      'No upcaster for RideRedistributed from version 0',
    );
  });
});
