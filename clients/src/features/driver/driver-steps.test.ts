import { describe, expect, it } from 'vitest';
import { evolveRide, rideStatusOf, type RideHistoryRow, type RideStatus } from '@plantride/schemas';
import { DRIVER_STEPS, completedRidesOf, driverRideSnapshot, factsToReach, nextStep, ongoingRideOf, stepFact } from './driver-steps';

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
  it.each([
    ['accepted', 'Start Ride'],
    ['started', 'Material Picked'],
    ['material picked', 'Material Dropped'],
    ['delivered', 'End Ride'],
  ] as const)('given a ride the server says is %s, when the card asks the statechart, then the one live step is %s', (status, label) => {
    const snapshot = driverRideSnapshot(row({ STATUS: status }), 'FL01');
    expect(rideStatusOf(snapshot)).toBe(status);
    expect(nextStep(snapshot, 'FL01')?.label).toBe(label);
  });

  it('given an accepted ride, when each step is recorded in order, then the status follows and nothing is left after End Ride', () => {
    let snapshot = driverRideSnapshot(row(), 'FL01');
    const seen: (RideStatus | null)[] = [];
    for (const step of DRIVER_STEPS) {
      expect(nextStep(snapshot, 'FL01')).toBe(step);
      snapshot = evolveRide(snapshot, stepFact(step, 'R1', 'FL01'));
      seen.push(rideStatusOf(snapshot));
    }
    expect(seen).toEqual(['started', 'material picked', 'delivered', 'completed']);
    expect(nextStep(snapshot, 'FL01')).toBeNull();
  });

  it('given an accepted ride, when a later step is tried out of order, then the statechart refuses it', () => {
    const snapshot = driverRideSnapshot(row(), 'FL01');
    const [, picked, dropped, end] = DRIVER_STEPS;
    for (const step of [picked!, dropped!, end!]) expect(snapshot.can(stepFact(step, 'R1', 'FL01'))).toBe(false);
  });

  it('given the screen at accepted, when the server reports material picked (a reload, another tab), then it catches up by exactly two facts, never backwards', () => {
    const snapshot = driverRideSnapshot(row(), 'FL01');
    const facts = factsToReach(snapshot, 'material picked', 'FL01');
    expect(facts.map((f) => f.type)).toEqual(['RideStarted', 'MaterialPicked']);
    const ahead = facts.reduce(evolveRide, snapshot);
    expect(factsToReach(ahead, 'started', 'FL01')).toEqual([]);
    expect(factsToReach(ahead, 'material picked', 'FL01')).toEqual([]);
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
