import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, evolveSite, locationRetired, type Actor, type DriverEvent, type SiteEvent } from '@plantride/schemas';
import { siteDefined } from '../site/site.decider';
import { NOW, commandSpec } from '../test-support/decider-spec';
import { driverEvents } from '../test-support/driver-events';
import { presenceOf } from './driver-roster';
import { evolveDriver, initialDriverState, onShift, setShift, type SetShiftCommand } from './driver.decider';

const plain = <E extends { streamId: string }>({ streamId: _streamId, ...event }: E): Omit<E, 'streamId'> => event;
const driver: Actor = { tokenNo: 'D001', role: 'driver' };
const EIGHT_HOURS = 8 * 3_600_000;
const added = plain(driverEvents.added('D001'));
const started = (location: string | null = 'main gate', at = NOW): DriverEvent => ({
  type: 'DriverShiftStarted',
  data: { operatorId: 'D001', location, startedAt: at.toISOString(), endsAt: new Date(at.getTime() + EIGHT_HOURS).toISOString() },
});
const shift = (on: boolean, location: string | null = null, operatorId = 'D001'): SetShiftCommand => ({
  type: 'SetShift',
  data: { operatorId, on, location },
  shiftMs: EIGHT_HOURS,
  site: null,
});
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('drivers on shift', () => {
  const spec = commandSpec(setShift);

  it('given a driver off shift, when he starts it at a place, then his shift runs the plant shift length from now, at the place as the site spells it', () => {
    spec
      .given({ driver: [added] })
      .when(shift(true, 'Main Gate'), driver)
      .then({ driver: [started('main gate')] });
    spec
      .given({ driver: [added] })
      .when(shift(true), driver)
      .then({ driver: [started(null)] });
  });

  it('given a driver on shift, when he starts it again, then nothing changes; when he ends it, then it ends now', () => {
    spec
      .given({ driver: [added, started()] })
      .when(shift(true), driver)
      .then({});
    spec
      .given({ driver: [added, started()] })
      .when(shift(false), driver)
      .then({ driver: [{ type: 'DriverShiftEnded', data: { operatorId: 'D001', endedAt: NOW.toISOString() } }] });
    spec
      .given({ driver: [added] })
      .when(shift(false), driver)
      .then({});
  });

  it('given a shift that has run its length, when he starts one, then a new one begins (it ended by itself)', () => {
    const old = started('main gate', later(-EIGHT_HOURS));
    spec
      .given({ driver: [added, old] })
      .when(shift(true), driver)
      .then({ driver: [started(null)] });
    spec
      .given({ driver: [added, old] })
      .when(shift(false), driver)
      .then({});
  });

  it('given a place not in use or unknown, when he starts there, then it is refused', () => {
    spec
      .given({ driver: [added] })
      .when(shift(true, 'moon base'), driver)
      .thenThrows(400, SERVER_MESSAGES.unknownLocation);
    const site = [siteDefined(), { type: 'LocationChanged', data: { id: 'scrap-yard', retired: true } } as SiteEvent].reduce(
      evolveSite,
      null,
    );
    spec
      .given({ driver: [added] })
      .when({ ...shift(true, 'scrap yard'), site }, driver)
      .thenThrows(400, locationRetired('scrap yard'));
  });

  it('given someone else or no driver record, when a shift is set, then it is refused', () => {
    spec
      .given({ driver: [added] })
      .when(shift(true, null, 'D001'), { tokenNo: 'D002', role: 'driver' })
      .thenThrows(403, SERVER_MESSAGES.forbidden);
    spec
      .given({ driver: [added] })
      .when(shift(true), { tokenNo: 'AD01', role: 'admin' })
      .thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given({}).when(shift(true), driver).thenThrows(404, SERVER_MESSAGES.driverNotFound);
  });
});

describe('presence', () => {
  const state = (...events: DriverEvent[]) => events.reduce(evolveDriver, initialDriverState());

  it('given a driver, then he is off shift, free on shift, busy with a ride, blocked under maintenance or Not Active, and off shift once it runs out', () => {
    expect(presenceOf('D001', state(added), NOW).state).toBe('off shift');
    expect(presenceOf('D001', state(added, started()), NOW)).toMatchObject({
      state: 'free',
      vehicleType: 'Forklift',
      shift: { location: 'main gate' },
    });
    expect(presenceOf('D001', state(added, started(), plain(driverEvents.assignedToRide('D001', 'R1'))), NOW)).toMatchObject({
      state: 'busy',
      rideId: 'R1',
    });
    expect(presenceOf('D001', state(added, started(), plain(driverEvents.blockedForMaintenance('D001', 'M1'))), NOW).state).toBe('blocked');
    expect(presenceOf('D001', state(added, started(), plain(driverEvents.statusChanged('D001', 'Not Active'))), NOW).state).toBe('blocked');
    expect(onShift(state(added, started()), later(EIGHT_HOURS - 1))).toBe(true);
    expect(presenceOf('D001', state(added, started()), later(EIGHT_HOURS))).toMatchObject({ state: 'off shift', shift: null });
  });
});
