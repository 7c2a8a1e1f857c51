import { describe, expect, it } from 'vitest';
import { BREAK_MESSAGES, SERVER_MESSAGES, type Actor, type DriverEvent } from '@plantride/schemas';
import { NOW, commandSpec } from '../test-support/decider-spec';
import { driverEvents } from '../test-support/driver-events';
import { presenceOf } from './driver-roster';
import { evolveDriver, initialDriverState, onBreak, setBreak, type SetBreakCommand } from './driver.decider';

/*
 * A driver's break (issue #32 item 4): only on shift, never while he holds a ride; it lasts until he
 * ends it or his shift ends or runs out. On break he is not free (presence; offers and taking a ride
 * follow `onBreak`: ride.decider.test.ts, breaks.api.test.ts).
 */
const plain = <E extends { streamId: string }>({ streamId: _streamId, ...event }: E): Omit<E, 'streamId'> => event;
const driver: Actor = { tokenNo: 'D001', role: 'driver' };
const HOUR = 3_600_000;
const later = (ms: number) => new Date(NOW.getTime() + ms);
const added = plain(driverEvents.added('D001'));
const onShiftSinceAnHour = plain(driverEvents.shiftStarted('D001', later(-HOUR)));
const breakFrom = (at: Date) => plain(driverEvents.breakStarted('D001', at));
const takeBreak = (on: boolean, operatorId = 'D001'): SetBreakCommand => ({ type: 'SetBreak', data: { operatorId, on } });
const state = (...events: DriverEvent[]) => events.reduce(evolveDriver, initialDriverState());

describe('a driver takes a break', () => {
  const spec = commandSpec(setBreak);

  it('given a driver on shift and free, when he takes a break, then it starts now; taking it again changes nothing; ending it ends it now', () => {
    spec
      .given({ driver: [added, onShiftSinceAnHour] })
      .when(takeBreak(true), driver)
      .then({ driver: [{ type: 'DriverBreakStarted', data: { operatorId: 'D001', startedAt: NOW.toISOString() } }] });
    spec
      .given({ driver: [added, onShiftSinceAnHour, breakFrom(later(-60_000))] })
      .when(takeBreak(true), driver)
      .then({});
    spec
      .given({ driver: [added, onShiftSinceAnHour, breakFrom(later(-60_000))] })
      .when(takeBreak(false), driver)
      .then({ driver: [{ type: 'DriverBreakEnded', data: { operatorId: 'D001', endedAt: NOW.toISOString() } }] });
    spec
      .given({ driver: [added, onShiftSinceAnHour] })
      .when(takeBreak(false), driver)
      .then({});
  });

  it('given a driver off shift, or whose shift ran out, when he takes a break, then it is refused: start your shift first', () => {
    spec
      .given({ driver: [added] })
      .when(takeBreak(true), driver)
      .thenThrows(409, BREAK_MESSAGES.offShift);
    spec
      .given({ driver: [added, plain(driverEvents.shiftStarted('D001', later(-8 * HOUR)))] })
      .when(takeBreak(true), driver)
      .thenThrows(409, BREAK_MESSAGES.offShift);
    spec
      .given({ driver: [added, onShiftSinceAnHour, plain(driverEvents.shiftEnded('D001', later(-60_000)))] })
      .when(takeBreak(true), driver)
      .thenThrows(409, BREAK_MESSAGES.offShift);
  });

  it('given a driver on shift holding a ride, when he takes a break, then it is refused until the ride is released', () => {
    const holds = plain(driverEvents.assignedToRide('D001', 'R1'));
    spec
      .given({ driver: [added, onShiftSinceAnHour, holds] })
      .when(takeBreak(true), driver)
      .thenThrows(409, BREAK_MESSAGES.midRide);
    spec
      .given({ driver: [added, onShiftSinceAnHour, holds, plain(driverEvents.releasedFromRide('D001', 'R1'))] })
      .when(takeBreak(true), driver)
      .then({ driver: [{ type: 'DriverBreakStarted', data: { operatorId: 'D001', startedAt: NOW.toISOString() } }] });
  });

  it('given someone else, another role or no driver record, when a break is set, then it is refused', () => {
    spec
      .given({ driver: [added, onShiftSinceAnHour] })
      .when(takeBreak(true), { tokenNo: 'D002', role: 'driver' })
      .thenThrows(403, SERVER_MESSAGES.forbidden);
    spec
      .given({ driver: [added, onShiftSinceAnHour] })
      .when(takeBreak(true), { tokenNo: 'AD01', role: 'admin' })
      .thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given({}).when(takeBreak(true), driver).thenThrows(404, SERVER_MESSAGES.driverNotFound);
  });

  it('given a driver on break, when his shift ends, then the break ends with it; a new shift starts without one', () => {
    spec
      .given({ driver: [added, onShiftSinceAnHour, breakFrom(later(-60_000)), plain(driverEvents.shiftEnded('D001', later(-1000)))] })
      .when(takeBreak(false), driver)
      .then({});
    const ended = state(added, onShiftSinceAnHour, breakFrom(later(-60_000)), plain(driverEvents.shiftEnded('D001', later(-1000))));
    expect([ended.breakStartedAt, onBreak(ended, NOW)]).toEqual([null, false]);
    const again = state(added, onShiftSinceAnHour, breakFrom(later(-60_000)), plain(driverEvents.shiftStarted('D001', NOW)));
    expect(onBreak(again, NOW)).toBe(false);
    expect(presenceOf('D001', again, NOW).state).toBe('free');
  });

  it('given a break that would outlast the shift, then it is over when the shift runs out, with no event; ending it then changes nothing', () => {
    const resting = state(added, onShiftSinceAnHour, breakFrom(later(-60_000)));
    const shiftEnd = later(7 * HOUR);
    expect(onBreak(resting, later(7 * HOUR - 1))).toBe(true);
    expect(onBreak(resting, shiftEnd)).toBe(false);
    expect(presenceOf('D001', resting, shiftEnd)).toMatchObject({ state: 'off shift', breakSince: null });
    spec
      .given({ driver: [added, onShiftSinceAnHour, breakFrom(later(-60_000))] })
      .when(takeBreak(false), driver, shiftEnd)
      .then({});
  });
});

describe('presence of a driver on break', () => {
  it('given a driver on break, then staff see him on break since when, not free; after he ends it, free again', () => {
    const since = later(-60_000);
    expect(presenceOf('D001', state(added, onShiftSinceAnHour, breakFrom(since)), NOW)).toMatchObject({
      state: 'on break',
      breakSince: since.toISOString(),
      shift: { startedAt: later(-HOUR).toISOString() },
    });
    expect(
      presenceOf('D001', state(added, onShiftSinceAnHour, breakFrom(since), plain(driverEvents.breakEnded('D001', NOW))), NOW),
    ).toMatchObject({ state: 'free', breakSince: null });
    // Blocked (a breakdown, Not Active) comes first, as ever.
    expect(
      presenceOf('D001', state(added, onShiftSinceAnHour, breakFrom(since), plain(driverEvents.statusChanged('D001', 'Not Active'))), NOW)
        .state,
    ).toBe('blocked');
  });
});
