import { describe, expect, it } from 'vitest';
import { timerFindings, type StoredEvent } from './store-checks';

// The fault tests' timer audit (issue #20's timers): each fires once, and none is lost.
let position = 0;
const stored = (type: string, data: Record<string, unknown>): StoredEvent => ({
  position: ++position,
  streamId: `ride-${String(data.rideId)}`,
  streamPosition: position,
  type,
  data,
  metadata: {},
});
const offered = (rideId: string, round: number) => stored('RideOffered', { rideId, round });
const expired = (rideId: string, round: number) => stored('RideOfferExpired', { rideId, round });
const log = (more: { lapsed?: string[]; scheduled?: string[] } = {}) => ({ leftRequested: [], brokenDown: [], completed: [], ...more });

describe('timer findings for offers, releases and service targets', () => {
  it('given each timer once and every lapsed offer expired, then nothing is found, and each counts as fired', () => {
    const events = [
      offered('A', 1),
      expired('A', 1),
      offered('A', 2),
      expired('A', 2),
      stored('RideReleased', { rideId: 'B' }),
      stored('RideSlaBreached', { rideId: 'B', target: 'accept' }),
      stored('RideSlaBreached', { rideId: 'B', target: 'deliver' }),
    ];
    const findings = timerFindings(events, log({ lapsed: ['A'], scheduled: ['B'] }));
    expect(findings.problems).toEqual([]);
    expect(findings.fired).toBe(5);
  });

  it('given an expiry, a release or a missed target twice, then each is found', () => {
    const events = [
      offered('A', 1),
      expired('A', 1),
      expired('A', 1),
      stored('RideReleased', { rideId: 'B' }),
      stored('RideReleased', { rideId: 'B' }),
      stored('RideSlaBreached', { rideId: 'B', target: 'accept' }),
      stored('RideSlaBreached', { rideId: 'B', target: 'accept' }),
    ];
    expect(timerFindings(events, log()).problems).toEqual([
      'expired A round 1: 2 times',
      'released B: 2 times',
      'missed B accept: 2 times',
    ]);
  });

  it('given a lapsed ride with an offer that never expired, or a ride booked for later never released, then each is found as lost', () => {
    const events = [offered('A', 1), expired('A', 1), offered('A', 2)];
    expect(timerFindings(events, log({ lapsed: ['A'], scheduled: ['C'] })).problems).toEqual([
      'ride A left to lapse: 2 offers, 1 expiries',
      'ride C booked for later: released 0 times',
    ]);
  });
});
