import { describe, expect, it } from 'vitest';
import { driverEventEffect } from './driver-live';

describe('driver live events (SPEC §4, §7)', () => {
  it('given a ride list event, then the ride lists are read again', () => {
    expect(driverEventEffect({ type: 'removeRide', payload: { rideId: 'R1', position: 4 } }, 'FL01').topics).toEqual(['rides']);
  });

  it('given another driver is blocked, unblocked or marked Not Active, then nothing changes for this one', () => {
    expect(driverEventEffect({ type: 'driverBlocked', payload: { driverId: 'FL02' } }, 'FL01').topics).toEqual([]);
    expect(driverEventEffect({ type: 'statusChanged', payload: { driverId: 'FL02', status: 'Not Active' } }, 'FL01').topics).toEqual([]);
    expect(
      driverEventEffect({ type: 'maintenanceCompleted', payload: { driverId: 'FL02', message: 'x' } }, 'FL01').completionPopup,
    ).toBeNull();
  });

  it('given his maintenance is completed, then his record is read again (the overlay lifts) and the completion popup opens', () => {
    const effect = driverEventEffect(
      { type: 'maintenanceCompleted', payload: { driverId: 'FL01', message: 'Maintenance completed. Your vehicle is now active.' } },
      'FL01',
    );
    expect(effect).toEqual({ topics: ['driver'], completionPopup: 'Maintenance completed. Your vehicle is now active.', notice: null });
  });

  it('given his maintenance is completed with an inspection due first (issue #32), then the popup says so, not that the vehicle is active', () => {
    const message = 'Maintenance completed. Pass a vehicle inspection before taking rides again.';
    expect(driverEventEffect({ type: 'maintenanceCompleted', payload: { driverId: 'FL01', message } }, 'FL01').completionPopup).toBe(
      message,
    );
    expect(
      driverEventEffect({ type: 'driverUnblocked', payload: { driverId: 'FL01', message, reason: 'maintenance_completed' } }, 'FL01')
        .completionPopup,
    ).toBe(message);
  });

  it('given his request is rejected, then the block lifts with the rejection notice and no completion popup', () => {
    const message = 'Your maintenance request was rejected: fine. Pass a vehicle inspection before taking rides again.';
    expect(driverEventEffect({ type: 'maintenanceRejected', payload: { driverId: 'FL01', message } }, 'FL01')).toEqual({
      topics: ['driver'],
      completionPopup: null,
      notice: message,
    });
    expect(
      driverEventEffect({ type: 'driverUnblocked', payload: { driverId: 'FL01', message, reason: 'maintenance_rejected' } }, 'FL01')
        .completionPopup,
    ).toBeNull();
  });

  it('given he is blocked for maintenance, then his record and the ride lists are read again (his ride is handed over)', () => {
    expect(driverEventEffect({ type: 'driverBlocked', payload: { driverId: 'FL01' } }, 'FL01').topics).toEqual(['driver', 'rides']);
  });

  it("given his Special Task ran past its booked time, then he is told, and another driver's overrun says nothing to him", () => {
    const payload = {
      rideId: 'R1',
      startedAt: '2026-03-14T08:00:00.000Z',
      durationMinutes: 30,
      message: 'This special task has run past its booked time.',
    };
    expect(driverEventEffect({ type: 'specialTaskOverdue', payload: { ...payload, driverId: 'FL01' } }, 'FL01').notice).toBe(
      payload.message,
    );
    expect(driverEventEffect({ type: 'specialTaskOverdue', payload: { ...payload, driverId: 'FL02' } }, 'FL01').notice).toBeNull();
  });

  it('given staff gave him a ride or took his back (issue #32 item 4), then his rides are read again and he is told why', () => {
    const given = driverEventEffect(
      {
        type: 'rideAssigned',
        payload: {
          rideId: 'R1',
          fromLocation: 'main gate',
          toLocation: 'canteen',
          vehicleType: 'Forklift',
          isSpecialTask: false,
          requesterData: { userId: 'RQ01', name: 'Asha', mobile: '9000000001' },
          reason: 'Closest driver',
          fromDriverId: null,
          message: 'Staff assigned a ride to you.',
          position: 9,
        },
      },
      'FL01',
    );
    expect(given).toEqual({ topics: ['rides'], completionPopup: null, notice: 'Staff assigned a ride to you. Reason: Closest driver' });
    const taken = driverEventEffect(
      {
        type: 'rideTakenBack',
        payload: {
          rideId: 'R1',
          newDriverId: 'FL02',
          reason: 'Called to the yard',
          message: 'Staff took this ride back and gave it to another driver.',
        },
      },
      'FL01',
    );
    expect(taken.topics).toEqual(['rides']);
    expect(taken.notice).toBe('Staff took this ride back and gave it to another driver. Reason: Called to the yard');
  });
});
