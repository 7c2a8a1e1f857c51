import { describe, expect, it } from 'vitest';
import { serverRideSchema, slaMetOf } from './ride-row.api';
import { rideHistoryRowSchema } from './ride-history.api';

describe('SLA_MET', () => {
  it.each([
    [{ completed: true, targetMissed: false }, true],
    [{ completed: true, targetMissed: true }, false],
    [{ completed: false, targetMissed: true }, false],
    [{ completed: false, targetMissed: false }, null],
  ])('given a ride %j, then SLA_MET is %j', (ride, expected) => {
    expect(slaMetOf(ride)).toBe(expected);
  });

  it('given a row from an engine before issue #20, then it still reads, without PRIORITY, SCHEDULED_FOR and SLA_MET', () => {
    const row = {
      RIDEID: 'R1',
      RIDE_ID: 'R1',
      USER_ID: 'RQ01',
      DRIVER_ID: null,
      FROM_LOCATION: 'a',
      TO_LOCATION: 'b',
      VEHICLE_TYPE: 'Forklift',
      RIDE_TYPE: 'Regular',
      STATUS: 'requested',
      ESTIMATED_TIME: 11,
      TIMESTAMP: '',
      CREATED_AT: '',
      COMPLETED_AT: null,
      DURATION: null,
    };
    expect(rideHistoryRowSchema.parse(row)).toEqual(row);
    expect(
      rideHistoryRowSchema.parse({
        ...row,
        STATUS: 'scheduled',
        PRIORITY: 'urgent',
        SCHEDULED_FOR: '2026-11-26T04:30:00.000Z',
        SLA_MET: null,
      }),
    ).toMatchObject({ STATUS: 'scheduled', PRIORITY: 'urgent' });
    expect(serverRideSchema.shape.SLA_MET.safeParse('yes').success).toBe(false);
  });
});
