import { describe, expect, it } from 'vitest';
import type { TimelineEvent } from '@plantride/schemas';
import { rideInspectionLines } from './ride-inspections';

const event = (type: string, data: Record<string, unknown>): TimelineEvent => ({
  position: 1,
  streamPosition: 1,
  time: '2026-03-01T04:00:00.000Z',
  actor: { system: 'test' },
  type,
  data,
  state: { status: null, value: 'requested' },
});

describe('Vehicle inspections on the ride audit', () => {
  it('given a ride taken over, when its drivers are listed, then each is named from his accept or take-over, with his inspection or none', () => {
    const passed = {
      inspectionId: 'I1',
      day: '2026-03-01',
      passed: true,
      inspectedAt: '2026-03-01T03:00:00.000Z',
      defects: [],
      photoIds: [],
    };
    const lines = rideInspectionLines(
      [
        { operatorId: 'FL1', inspection: passed },
        { operatorId: 'FL2', inspection: null },
      ],
      [
        event('RideRequested', {}),
        event('RideAccepted', { driverId: 'FL1', driverName: 'Ravi Kumar' }),
        event('RideTakenOver', { driverId: 'FL2', driverName: '' }),
      ],
    );
    expect(lines).toEqual([
      { operatorId: 'FL1', driver: 'Ravi Kumar (FL1)', inspection: passed },
      { operatorId: 'FL2', driver: 'FL2', inspection: null },
    ]);
  });

  it('given a ride nobody took, then there is no line', () => {
    expect(rideInspectionLines([], [event('RideRequested', {})])).toEqual([]);
  });
});
