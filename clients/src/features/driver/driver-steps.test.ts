import { describe, expect, it } from 'vitest';
import { nextDriverStep, statusAfterStep, type RideHistoryRow, type RideStatus } from '@plantride/schemas';
import { DRIVER_STEPS, completedRidesOf, ongoingRideOf } from './driver-steps';

const row = (over: Partial<RideHistoryRow> = {}): RideHistoryRow => ({
  RIDEID: 'R1',
  RIDE_ID: 'R1',
  USER_ID: 'RQ01',
  DRIVER_ID: 'FL01',
  FROM_LOCATION: 'main gate',
  TO_LOCATION: 'canteen',
  VEHICLE_TYPE: 'Forklift',
  RIDE_TYPE: 'Regular',
  STATUS: 'accepted',
  ESTIMATED_TIME: 11,
  TIMESTAMP: '2026-03-14T08:00:00.000Z',
  CREATED_AT: '2026-03-14T08:00:00.000Z',
  COMPLETED_AT: null,
  DURATION: null,
  ...over,
});

describe("driver's ride steps, decided by the shared statechart (SPEC §4)", () => {
  const labelAt = (status: RideStatus) => DRIVER_STEPS.find((step) => step.command === nextDriverStep(status))?.label;

  it.each([
    ['accepted', 'Start Ride'],
    ['started', 'Material Picked'],
    ['material picked', 'Material Dropped'],
    ['delivered', 'End Ride'],
  ] as const)('given a ride the server says is %s, when the card asks the statechart, then the one live step is %s', (status, label) => {
    expect(labelAt(status)).toBe(label);
  });

  it('given an accepted ride, when each step is recorded in order, then the status follows and nothing is left after End Ride', () => {
    let status: RideStatus = 'accepted';
    const seen: RideStatus[] = [];
    for (const step of DRIVER_STEPS) {
      expect(nextDriverStep(status)).toBe(step.command);
      status = statusAfterStep(step.command);
      seen.push(status);
    }
    expect(seen).toEqual(['started', 'material picked', 'delivered', 'completed']);
    expect(nextDriverStep(status)).toBeNull();
  });

  it('given a ride nobody is carrying out (requested, waiting for another driver, cancelled), then no step is live', () => {
    for (const status of ['requested', 'waiting_for_reassignment', 'cancelled'] as const) expect(labelAt(status)).toBeUndefined();
  });

  it('given his history, then the ongoing ride is the one he drives now and the completed list only holds rides he ended', () => {
    const history = [
      row({ RIDE_ID: 'R4', STATUS: 'started', DRIVER_ID: 'FL02' }), // handed over after his breakdown
      row({ RIDE_ID: 'R3', STATUS: 'material picked' }),
      row({ RIDE_ID: 'R2', STATUS: 'completed', COMPLETED_AT: '2026-03-14T09:00:00.000Z' }),
      row({ RIDE_ID: 'R1', STATUS: 'completed', DRIVER_ID: 'FL02' }),
    ];
    expect(ongoingRideOf(history, 'FL01')?.RIDE_ID).toBe('R3');
    expect(completedRidesOf(history, 'FL01').map((r) => r.RIDE_ID)).toEqual(['R2']);
    expect(ongoingRideOf([row({ STATUS: 'waiting_for_reassignment', DRIVER_ID: null })], 'FL01')).toBeNull();
  });
});
