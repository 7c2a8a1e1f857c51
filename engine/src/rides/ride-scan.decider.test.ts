import { describe, it } from 'vitest';
import {
  SCAN_MESSAGES,
  SERVER_MESSAGES,
  type Actor,
  type DomainEvent,
  type RideEvent,
  type ScanStep,
  type SiteEvent,
  type StepScan,
} from '@plantride/schemas';
import { commandSpec, type Given } from '../test-support/decider-spec';
import { driverEvents } from '../test-support/driver-events';
import { rideEvents } from '../test-support/ride-events';
import { userEvents } from '../test-support/user-events';
import { siteDefined } from '../site/site.decider';
import { rideStep, type RideStepCommand } from './ride.decider';

// Issue #34 item 2: a step that needs a scan of its place's code, decided once, here.

const plain = <E extends { streamId: string }>({ streamId: _streamId, ...event }: E): Omit<E, 'streamId'> => event;
const R = 'R1';
const driver: Actor = { tokenNo: 'D001', role: 'driver' };

const codes: SiteEvent = {
  type: 'PlaceCodesIssued',
  data: {
    codes: [
      { placeId: 'main-gate', token: 'aaaaaaaaaaaaaaaa', shortCode: 'ACDEFH' },
      { placeId: 'canteen', token: 'bbbbbbbbbbbbbbbb', shortCode: 'JKMNPR' },
      { placeId: 'car-parking', token: 'cccccccccccccccc', shortCode: 'TUVWXY' },
    ],
  },
};
const rule = (step: ScanStep, placeId = '*', required = true): SiteEvent => ({
  type: 'ScanRequirementSet',
  data: { placeId, step, required },
});

// A Forklift ride from main gate to canteen, and its driver D001 holding it.
const requested = plain(rideEvents.requested(R, 'AB12'));
const special = plain(rideEvents.requested(R, 'AB12', 0, { rideType: 'Special Task', durationMinutes: 30 }));
const accepted = plain(rideEvents.accepted(R, 'D001'));
const started = plain(rideEvents.started(R, 'D001'));
const picked = plain(rideEvents.picked(R, 'D001'));
const own: Given = {
  driver: [driverEvents.added('D001', 0, { vehicleAssigned: 'Forklift' }), driverEvents.assignedToRide('D001', R)],
  account: [userEvents.signedUp('D001', { role: 'driver' }), userEvents.roleChanged('D001', 'driver', 'Forklift')],
};
const given = (ride: DomainEvent[], ...site: SiteEvent[]): Given => ({
  ride,
  ...own,
  site: site.length ? [siteDefined(), codes, ...site] : [],
});

const step = (type: RideStepCommand['type'], scan?: RideStepCommand['data']['scan']): RideStepCommand => ({
  type,
  data: { rideId: R, driverId: 'D001', ...(scan ? { scan } : {}) },
});
const pickedWith = (scan?: StepScan): RideEvent => ({
  type: 'MaterialPicked',
  data: { rideId: R, driverId: 'D001', pickedAt: '2026-11-25T08:00:00.000Z', ...(scan ? { scan } : {}) },
});

describe('a step that needs a scan of its place (issue #34 item 2)', () => {
  const spec = commandSpec(rideStep);

  it('given no scan rule (the default), when the driver picks with no code, then the step is recorded as it always was', () => {
    spec
      .given(given([requested, accepted, started]))
      .when(step('PickMaterial'), driver)
      .then({ ride: [pickedWith()] });
  });

  it('given the site asks a scan at pick-up, when the driver picks with no code, then he is told to scan the code at the pick-up place', () => {
    spec
      .given(given([requested, accepted, started], rule('materialPicked')))
      .when(step('PickMaterial'), driver)
      .thenThrows(400, SCAN_MESSAGES.needed('main gate'));
  });

  it("given a scan asked at pick-up, when the driver scans main gate's QR code or types its short code, then the step records the place and how", () => {
    spec
      .given(given([requested, accepted, started], rule('materialPicked')))
      .when(step('PickMaterial', { code: 'plantride:place:aaaaaaaaaaaaaaaa', via: 'camera' }), driver)
      .then({ ride: [pickedWith({ placeId: 'main-gate', place: 'main gate', via: 'camera' })] });
    spec
      .given(given([requested, accepted, started], rule('materialPicked')))
      .when(step('PickMaterial', { code: ' acd-efh ', via: 'typed' }), driver)
      .then({ ride: [pickedWith({ placeId: 'main-gate', place: 'main gate', via: 'typed' })] });
  });

  it("given a scan asked at pick-up, when the driver scans car parking's code, then the step is refused naming the place the code belongs to", () => {
    spec
      .given(given([requested, accepted, started], rule('materialPicked')))
      .when(step('PickMaterial', { code: 'TUVWXY', via: 'typed' }), driver)
      .thenThrows(400, SCAN_MESSAGES.wrongPlace('car parking', 'main gate'));
  });

  it("given a scan asked at pick-up, when the code is no place's, then the step is refused as such", () => {
    spec
      .given(given([requested, accepted, started], rule('materialPicked')))
      .when(step('PickMaterial', { code: 'QQQQQQ', via: 'typed' }), driver)
      .thenThrows(400, SCAN_MESSAGES.unknown('main gate'));
  });

  it('given a scan asked at pick-up, when the driver cannot scan and says why, then the step records the override and his reason; with no reason it is refused', () => {
    spec
      .given(given([requested, accepted, started], rule('materialPicked')))
      .when(step('PickMaterial', { cannotScan: '  Label torn off  ' }), driver)
      .then({ ride: [pickedWith({ placeId: 'main-gate', place: 'main gate', via: 'override', reason: 'Label torn off' })] });
    spec
      .given(given([requested, accepted, started], rule('materialPicked')))
      .when(step('PickMaterial', { cannotScan: ' ' }), driver)
      .thenThrows(400, SCAN_MESSAGES.reasonNeeded);
  });

  it("given a scan asked at canteen only, when the driver picks at main gate with no code and drops at canteen with main gate's code, then the pick goes and the drop is refused", () => {
    spec
      .given(given([requested, accepted, started], rule('materialDropped', 'canteen')))
      .when(step('PickMaterial'), driver)
      .then({ ride: [pickedWith()] });
    spec
      .given(given([requested, accepted, started, picked], rule('materialDropped', 'canteen')))
      .when(step('DropMaterial', { code: 'ACDEFH', via: 'typed' }), driver)
      .thenThrows(400, SCAN_MESSAGES.wrongPlace('main gate', 'canteen'));
  });

  it('given a scan asked at start, then a Special Task needs one at its place and a fixed ride does not', () => {
    spec
      .given(given([special, accepted], rule('start')))
      .when(step('StartRide'), driver)
      .thenThrows(400, SCAN_MESSAGES.needed('main gate'));
    spec
      .given(given([requested, accepted], rule('start')))
      .when(step('StartRide'), driver)
      .then({ ride: [{ type: 'RideStarted', data: { rideId: R, driverId: 'D001', startedAt: '2026-11-25T08:00:00.000Z' } }] });
  });

  it('given the rule turned off again, when the driver picks with no code, then the step is recorded', () => {
    spec
      .given(given([requested, accepted, started], rule('materialPicked'), rule('materialPicked', '*', false)))
      .when(step('PickMaterial'), driver)
      .then({ ride: [pickedWith()] });
  });

  it("given a step out of the statechart's order, then it is refused as such before any scan is judged", () => {
    spec
      .given(given([requested, accepted], rule('materialPicked')))
      .when(step('PickMaterial', { code: 'ACDEFH', via: 'typed' }), driver)
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });
});
