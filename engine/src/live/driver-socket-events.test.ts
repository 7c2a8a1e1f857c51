import { describe, expect, it } from 'vitest';
import { MESSAGES, SOCKET_PAYLOADS, type DomainEvent } from '@plantride/schemas';
import { socketEventsFor, type LiveEmit } from './ride-socket-events';

function expectValid(emits: LiveEmit[]): void {
  for (const emit of emits) expect(SOCKET_PAYLOADS[emit.name].strict().safeParse(emit.payload).error, emit.name).toBeUndefined();
}

const at = (event: DomainEvent, position: number) => socketEventsFor({ ...event, position }, null);

describe('driver and account events to socket events', () => {
  it('when the admin marks a driver Not Active, then the driver and staff get statusChanged with driverId and status', () => {
    const emits = at({ type: 'DriverStatusChanged', data: { operatorId: 'DR01', status: 'Not Active' } }, 5);
    expect(emits).toEqual([
      {
        name: 'statusChanged',
        rooms: ['user:DR01', 'driver:DR01', 'staff'],
        payload: { driverId: 'DR01', status: 'Not Active', position: 5 },
      },
    ]);
    expectValid(emits);
  });

  it('when a driver is blocked for maintenance, then only he gets driverBlocked with the request', () => {
    const emits = at({ type: 'DriverBlockedForMaintenance', data: { operatorId: 'DR01', maintenanceRequestId: 'M7' } }, 6);
    expect(emits).toEqual([
      {
        name: 'driverBlocked',
        rooms: ['user:DR01', 'driver:DR01'],
        payload: { driverId: 'DR01', message: MESSAGES.vehicleUnderMaintenance, maintenanceRequestId: 'M7', position: 6 },
      },
    ]);
    expectValid(emits);
  });

  it.each([
    ['maintenance_completed', false, MESSAGES.maintenanceCompletedVehicleActive],
    ['maintenance_rejected', false, 'Your maintenance request was rejected. You can take rides again.'],
    ['maintenance_completed', true, 'Maintenance completed. Pass a vehicle inspection before taking rides again.'],
    ['maintenance_rejected', true, 'Your maintenance request was rejected. Pass a vehicle inspection before taking rides again.'],
  ] as const)(
    'when the block lifts with %s (inspection due: %s), then the driver and staff get driverUnblocked saying what comes next',
    (reason, inspectionDue, message) => {
      const emits = at({ type: 'DriverUnblocked', data: { operatorId: 'DR01', reason, inspectionDue } }, 7);
      expect(emits).toEqual([
        {
          name: 'driverUnblocked',
          rooms: ['user:DR01', 'driver:DR01', 'staff'],
          payload: { driverId: 'DR01', message, reason, position: 7 },
        },
      ]);
      expectValid(emits);
    },
  );

  it.each([true, false])(
    'when a driver inspects his vehicle (passed %s), then staff get vehicleInspected with his id, the inspection and whether it passed',
    (passed) => {
      const items = [{ id: 'brakes', text: 'Brakes work', critical: true, ok: passed, note: passed ? null : 'soft' }];
      const data = {
        inspectionId: 'I1',
        operatorId: 'DR01',
        vehicleType: 'Forklift',
        vehicleNumber: 'MH12',
        day: '2026-03-01',
        items,
        passed,
        inspectedAt: '2026-03-01T03:00:00.000Z',
      } as const;
      const emits = at({ type: 'VehicleInspected', data: passed ? data : { ...data, maintenanceRequestId: 'M1' } }, 13);
      expect(emits).toEqual([
        { name: 'vehicleInspected', rooms: ['staff'], payload: { operatorId: 'DR01', inspectionId: 'I1', passed, position: 13 } },
      ]);
      expectValid(emits);
    },
  );

  it('when someone signs up, then staff get newRegistrationRequest with his token number', () => {
    const emits = at(
      { type: 'UserSignedUp', data: { tokenNo: 'AB12', name: '', mobile: '', role: 'requester', passwordHash: 'scrypt$x' } },
      8,
    );
    expect(emits).toEqual([
      {
        name: 'newRegistrationRequest',
        rooms: ['staff'],
        payload: { tokenNo: 'AB12', message: expect.stringContaining('AB12'), position: 8 },
      },
    ]);
    expectValid(emits);
  });

  it("when someone signs up on a recorded driver's number without his code, then staff get newRegistrationRequest saying it waits for approval", () => {
    const emits = at({ type: 'DriverRegistrationRequested', data: { tokenNo: 'D0009' } }, 10);
    expect(emits).toEqual([
      {
        name: 'newRegistrationRequest',
        rooms: ['staff'],
        payload: { tokenNo: 'D0009', message: 'Driver registration waiting for approval: D0009', pendingApproval: true, position: 10 },
      },
    ]);
    expectValid(emits);
  });

  it('when a record is edited or access toggled, or a one-time code issued or used, then no socket event is sent (statusChanged carries the status change)', () => {
    expect(at({ type: 'DriverAccessToggled', data: { operatorId: 'DR01', active: false } }, 9)).toEqual([]);
    expect(
      at(
        {
          type: 'DriverActivationCodeIssued',
          data: { operatorId: 'DR01', codeHash: 'h', issuedAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-08T00:00:00.000Z' },
        },
        11,
      ),
    ).toEqual([]);
    expect(
      at(
        {
          type: 'PasswordResetCodeIssued',
          data: { tokenNo: 'DR01', codeHash: 'h', issuedAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-08T00:00:00.000Z' },
        },
        12,
      ),
    ).toEqual([]);
  });
});
