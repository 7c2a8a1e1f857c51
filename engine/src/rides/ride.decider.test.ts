import { describe, it } from 'vitest';
import {
  BREAK_MESSAGES,
  LOAD_MESSAGES,
  MESSAGES,
  SERVER_MESSAGES,
  locationRetired,
  type SiteEvent,
  noDriversAssigned,
  noDriversAssignedSpecialTask,
  type Actor,
  type DomainEvent,
  type RideEvent,
  type VehicleType,
} from '@plantride/schemas';
import { NOW, SYSTEM, commandSpec, type Given } from '../test-support/decider-spec';
import { driverEvents } from '../test-support/driver-events';
import { rideEvents } from '../test-support/ride-events';
import { userEvents } from '../test-support/user-events';
import type { TimerCommand } from '../timers/timer-commands';
import { siteDefined } from '../site/site.decider';
import { rosterCounting } from '../test-support/roster-events';
import {
  acceptRide,
  bookRide,
  cancelRide,
  fireRideTimer,
  redistributeRide,
  rideStep,
  takeOverRide,
  type AlternativeDrivers,
  type BookRideCommand,
  type StepCommandType,
} from './ride.decider';

// The builders' events name their stream; a decision's events do not.
const plain = <E extends { streamId: string }>({ streamId: _streamId, ...event }: E): Omit<E, 'streamId'> => event;

const R = 'R1';
const requester: Actor = { tokenNo: 'AB12', role: 'requester' };
const admin: Actor = { tokenNo: 'AD01', role: 'admin' };
const TIMER: Actor = { system: 'timer' };
const driverActor = (tokenNo: string): Actor => ({ tokenNo, role: 'driver' });

const requested = plain(rideEvents.requested(R, 'AB12'));
const accepted = plain(rideEvents.accepted(R, 'D001'));
const started = plain(rideEvents.started(R, 'D001'));
const picked = plain(rideEvents.picked(R, 'D001'));
const dropped = plain(rideEvents.dropped(R, 'D001'));
const handedOver: Extract<RideEvent, { type: 'RideRedistributed' }> = {
  type: 'RideRedistributed',
  data: {
    rideId: R,
    originalDriverId: 'D001',
    originalDriverName: 'Driver D001',
    maintenanceComment: 'Hydraulic leak',
    maintenanceRequestId: 'M1',
    resumeState: 'material picked',
    redistributedAt: '2026-11-25T08:04:00.000Z',
    openToAll: true,
    alternativeDrivers: 1,
  },
};
const takenOver: Extract<RideEvent, { type: 'RideTakenOver' }> = {
  type: 'RideTakenOver',
  data: {
    rideId: R,
    driverId: 'D002',
    driverName: 'Driver D002',
    driverMobile: '9876543210',
    vehicleNumber: 'MH12 D002',
    resumeState: 'material picked',
    takenOverAt: '2026-11-25T08:05:00.000Z',
  },
};

/** Where the ride stands, as its stream tells it. */
const ride = {
  requested: [requested],
  accepted: [requested, accepted],
  started: [requested, accepted, started],
  picked: [requested, accepted, started, picked],
  delivered: [requested, accepted, started, picked, dropped],
  completed: [requested, accepted, started, picked, dropped, plain(rideEvents.ended(R, 'D001'))],
  cancelled: [requested, plain(rideEvents.cancelled(R, 'AB12'))],
  waiting: [requested, accepted, started, picked, handedOver],
  takenOver: [requested, accepted, started, picked, handedOver, takenOver],
} satisfies Record<string, DomainEvent[]>;

const assigned = (driverId: string, rideId = R) => driverEvents.assignedToRide(driverId, rideId);

/** A driver's own streams: an Active Forklift driver with access, plus whatever else happened to him. */
function driverStreams(driverId: string, more: { driver?: DomainEvent[]; account?: DomainEvent[]; vehicle?: VehicleType } = {}): Given {
  const vehicle = more.vehicle ?? 'Forklift';
  return {
    driver: [driverEvents.added(driverId, 0, { vehicleAssigned: vehicle }), ...(more.driver ?? [])],
    account: [
      userEvents.signedUp(driverId, { role: 'driver' }),
      userEvents.roleChanged(driverId, 'driver', vehicle),
      ...(more.account ?? []),
    ],
  };
}

describe('book a ride', () => {
  const book = (more: Partial<BookRideCommand['data']> = {}): BookRideCommand => ({
    type: 'BookRide',
    data: {
      rideId: R,
      requesterId: 'AB12',
      requesterName: '',
      requesterMobile: '',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      rideType: 'Regular',
      durationMinutes: null,
      ...more,
    },
  });
  const spec = commandSpec(bookRide);
  // Two Forklift drivers on the roster, no Crane driver.
  const account = { requester: [userEvents.signedUp('AB12')], roster: rosterCounting({ Forklift: 2 }) };

  it('given a requester, when he books a ride, then it is requested with the route minutes and his account name and mobile', () => {
    spec
      .given(account)
      .when(book(), requester)
      .then({ ride: [plain(rideEvents.requested(R, 'AB12', 0, { requesterName: 'User AB12', requesterMobile: '9000000002' }))] });
  });

  it('given a requester, when he books a Special Task, then its duration is kept; a Regular ride has none', () => {
    const expected = (rideType: 'Regular' | 'Special Task', durationMinutes: number | null) =>
      plain(rideEvents.requested(R, 'AB12', 0, { requesterName: 'Asha', requesterMobile: '9000000001', rideType, durationMinutes }));
    spec
      .given(account)
      .when(book({ requesterName: 'Asha', requesterMobile: '9000000001', rideType: 'Special Task', durationMinutes: 30 }), requester)
      .then({ ride: [expected('Special Task', 30)] });
    spec
      .given(account)
      .when(book({ requesterName: 'Asha', requesterMobile: '9000000001', durationMinutes: 30 }), requester)
      .then({ ride: [expected('Regular', null)] });
  });

  it('given a requester, when he books for someone else, then he is refused; an admin may book for anyone', () => {
    spec.given(account).when(book(), { tokenNo: 'ZZ99', role: 'requester' }).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given(account).when(book(), { tokenNo: 'MH01', role: 'maintenanceHead' }).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec
      .given(account)
      .when(book(), admin)
      .then({ ride: [plain(rideEvents.requested(R, 'AB12', 0, { requesterName: 'User AB12', requesterMobile: '9000000002' }))] });
  });

  it('given no account for the requester, when a ride is booked for him, then the user is not found', () => {
    spec.given({}).when(book(), admin).thenThrows(400, MESSAGES.userNotFound);
  });

  it('given a requester, when he books between unknown places, then it is refused', () => {
    spec
      .given(account)
      .when(book({ toLocation: 'moon base' }), requester)
      .thenThrows(400, SERVER_MESSAGES.unknownLocation);
  });

  it('given a site where a place was renamed, one retired and one added, when rides are booked, then they go by the site as it stands and keep its spelling', () => {
    // The site as its stream tells it: the decision reads it, the command does not bring it.
    const site = [
      siteDefined(),
      { type: 'LocationChanged', data: { id: 'canteen', name: 'Staff Canteen' } },
      { type: 'LocationChanged', data: { id: 'scrap-yard', retired: true } },
      {
        type: 'LocationAdded',
        data: { id: 'paint-shop', name: 'Paint Shop', x: 0, y: 310, routes: [{ from: 'main-gate', to: 'paint-shop', minutes: 7 }] },
      },
    ] as SiteEvent[];
    const at = (fromLocation: string, toLocation: string) => book({ fromLocation, toLocation });
    const onSite = { ...account, site };
    spec
      .given(onSite)
      .when(at('main gate', 'staff canteen'), requester)
      .then({
        ride: [
          plain(
            rideEvents.requested(R, 'AB12', 0, { requesterName: 'User AB12', requesterMobile: '9000000002', toLocation: 'Staff Canteen' }),
          ),
        ],
      });
    spec
      .given(onSite)
      .when(at('main gate', 'Paint Shop'), requester)
      .then({
        ride: [
          plain(
            rideEvents.requested(R, 'AB12', 0, {
              requesterName: 'User AB12',
              requesterMobile: '9000000002',
              toLocation: 'Paint Shop',
              estimatedMinutes: 7,
            }),
          ),
        ],
      });
    spec.given(onSite).when(at('main gate', 'canteen'), requester).thenThrows(400, SERVER_MESSAGES.unknownLocation);
    spec.given(onSite).when(at('scrap yard', 'main gate'), requester).thenThrows(400, locationRetired('scrap yard'));
    spec.given(onSite).when(at('Main Gate', 'main gate'), requester).thenThrows(400, MESSAGES.sameLocations);
  });

  it('given no driver of the vehicle type on the roster, when a ride is booked, then the spec message for its ride type refuses it', () => {
    spec
      .given(account)
      .when(book({ vehicleType: 'Crane' }), requester)
      .thenThrows(400, noDriversAssigned('Crane'));
    spec
      .given(account)
      .when(book({ vehicleType: 'Crane', rideType: 'Special Task', durationMinutes: 30 }), requester)
      .thenThrows(400, noDriversAssignedSpecialTask('Crane'));
    // A Crane driver counted, then set Not Active: the roster counts him no more.
    const uncounted = [...rosterCounting({ Crane: 1 }), { type: 'DriverCounted', data: { operatorId: 'CR1', vehicleType: null } }] as const;
    spec
      .given({ ...account, roster: [...account.roster, ...uncounted] })
      .when(book({ vehicleType: 'Crane' }), requester)
      .thenThrows(400, noDriversAssigned('Crane'));
    spec
      .given({ ...account, roster: [...account.roster, ...rosterCounting({ Crane: 1 })] })
      .when(book({ vehicleType: 'Crane' }), requester)
      .then({
        ride: [
          plain(rideEvents.requested(R, 'AB12', 0, { requesterName: 'User AB12', requesterMobile: '9000000002', vehicleType: 'Crane' })),
        ],
      });
  });

  it('given a ride with the same id, when another is booked, then it is a conflict', () => {
    spec
      .given({ ...account, ride: ride.requested })
      .when(book(), requester)
      .thenThrows(409, SERVER_MESSAGES.conflict);
  });

  it('given a requester, when he says what is moved, then the booking records the load trimmed, its notes in order; said with nothing in it, none', () => {
    const booked = { requesterName: 'User AB12', requesterMobile: '9000000002' };
    spec
      .given(account)
      .when(
        book({ load: { description: '  Gear boxes ', quantity: 12, unit: 'pallets', weightKg: 350, handling: ['hazardous', 'fragile'] } }),
        requester,
      )
      .then({
        ride: [
          plain(
            rideEvents.requested(R, 'AB12', 0, {
              ...booked,
              load: { description: 'Gear boxes', quantity: 12, unit: 'pallets', weightKg: 350, handling: ['fragile', 'hazardous'] },
            }),
          ),
        ],
      });
    // A spec booking's event is as it always was: no load field at all.
    spec
      .given(account)
      .when(book({ load: { description: '   ', handling: [] } }), requester)
      .then({ ride: [plain(rideEvents.requested(R, 'AB12', 0, booked))] });
  });

  it('given a requester, when the load has a quantity without its unit, then it is refused with the message', () => {
    spec
      .given(account)
      .when(book({ load: { quantity: 3 } }), requester)
      .thenThrows(400, LOAD_MESSAGES.quantityWithoutUnit);
  });
});

describe('cancel a ride', () => {
  const spec = commandSpec(cancelRide);
  const cancel = { type: 'CancelRide', data: { rideId: R } } as const;
  const cancelledBy = (tokenNo: string) => ({
    ride: [{ type: 'RideCancelled', data: { rideId: R, cancelledBy: tokenNo, cancelledAt: '2026-11-25T08:00:00.000Z' } } as const],
  });

  it('given a requested ride, when its requester cancels, then it is cancelled by him', () => {
    spec.given({ ride: ride.requested }).when(cancel, requester).then(cancelledBy('AB12'));
  });

  it('given a ride waiting for reassignment, when its requester cancels, then it is cancelled by him', () => {
    spec.given({ ride: ride.waiting }).when(cancel, requester).then(cancelledBy('AB12'));
  });

  it('given a requested ride, when an admin cancels, then it is cancelled by the admin', () => {
    spec.given({ ride: ride.requested }).when(cancel, admin).then(cancelledBy('AD01'));
  });

  it('given a requested ride, when another requester or a driver cancels it, then he is refused', () => {
    spec.given({ ride: ride.requested }).when(cancel, { tokenNo: 'ZZ99', role: 'requester' }).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given({ ride: ride.waiting }).when(cancel, driverActor('D002')).thenThrows(403, SERVER_MESSAGES.forbidden);
  });

  it.each(['accepted', 'started', 'picked', 'delivered', 'completed', 'cancelled', 'takenOver'] as const)(
    'given a ride %s, when its requester cancels, then it is no longer available',
    (stage) => {
      spec.given({ ride: ride[stage] }).when(cancel, requester).thenThrows(409, SERVER_MESSAGES.rideNotAvailable);
    },
  );

  it('given no ride, when it is cancelled, then it is not found', () => {
    spec.given({}).when(cancel, requester).thenThrows(404, SERVER_MESSAGES.rideNotFound);
  });
});

describe('accept a ride', () => {
  const spec = commandSpec(acceptRide);
  const accept = (driverId: string) => ({ type: 'AcceptRide', data: { rideId: R, driverId } }) as const;

  it('given a requested ride, when a free driver of its type accepts, then the ride is his on the ride stream and on his own', () => {
    spec
      .given({ ride: ride.requested, ...driverStreams('D001') })
      .when(accept('D001'), driverActor('D001'))
      .then({ ride: [plain(rideEvents.accepted(R, 'D001', 0))], driver: [plain(assigned('D001'))] });
  });

  it('given a driver record without name, mobile or vehicle number, when he accepts, then the ride records his account name and mobile', () => {
    spec
      .given({
        ride: ride.requested,
        ...driverStreams('D001'),
        driver: [driverEvents.added('D001', 0, { name: '', mobile: '', vehicle: '' })],
      })
      .when(accept('D001'), driverActor('D001'))
      .then({
        ride: [
          {
            type: 'RideAccepted',
            data: {
              rideId: R,
              driverId: 'D001',
              driverName: 'User D001',
              driverMobile: '9000000002',
              vehicleNumber: null,
              acceptedAt: '2026-11-25T08:00:00.000Z',
            },
          },
        ],
        driver: [plain(assigned('D001'))],
      });
  });

  it('given a requested ride, when someone accepts it for another driver, then it is refused', () => {
    spec
      .given({ ride: ride.requested, ...driverStreams('D001') })
      .when(accept('D001'), driverActor('D002'))
      .thenThrows(403, MESSAGES.invalidParameters);
    spec
      .given({ ride: ride.requested, ...driverStreams('D001') })
      .when(accept('D001'), admin)
      .thenThrows(403, MESSAGES.invalidParameters);
  });

  it.each<[string, Given, string]>([
    ['his account is not a driver account', { account: [userEvents.signedUp('D001')] }, SERVER_MESSAGES.forbidden],
    ['he has no driver record', { driver: [] }, SERVER_MESSAGES.driverNotFound],
    ['his account is blocked', driverStreams('D001', { account: [userEvents.blocked('D001')] }), MESSAGES.blockedCannotAccept],
    [
      'he is blocked for maintenance',
      driverStreams('D001', { driver: [driverEvents.blockedForMaintenance('D001', 'M1')] }),
      MESSAGES.blockedCannotAccept,
    ],
    [
      'he is Not Active',
      driverStreams('D001', { driver: [driverEvents.statusChanged('D001', 'Not Active')] }),
      MESSAGES.blockedCannotAccept,
    ],
    [
      'his access is withdrawn',
      driverStreams('D001', { driver: [driverEvents.accessToggled('D001', false)] }),
      MESSAGES.blockedCannotAccept,
    ],
  ])('given a requested ride and a driver whose %s, when he accepts, then he is refused', (_why, streams, message) => {
    spec
      .given({ ride: ride.requested, ...driverStreams('D001'), ...streams })
      .when(accept('D001'), driverActor('D001'))
      .thenThrows(403, message);
  });

  it('given a Forklift ride, when a Crane driver accepts, then it needs a different vehicle type', () => {
    spec
      .given({ ride: ride.requested, ...driverStreams('D001', { vehicle: 'Crane' }) })
      .when(accept('D001'), driverActor('D001'))
      .thenThrows(403, SERVER_MESSAGES.wrongVehicleType);
  });

  it('given a driver holding another ride, when he accepts, then he is refused until that ride is released', () => {
    spec
      .given({ ride: ride.requested, ...driverStreams('D001', { driver: [assigned('D001', 'R0')] }) })
      .when(accept('D001'), driverActor('D001'))
      .thenThrows(409, SERVER_MESSAGES.driverHasOngoingRide);
    spec
      .given({
        ride: ride.requested,
        ...driverStreams('D001', { driver: [assigned('D001', 'R0'), driverEvents.releasedFromRide('D001', 'R0')] }),
      })
      .when(accept('D001'), driverActor('D001'))
      .then({ ride: [plain(rideEvents.accepted(R, 'D001', 0))], driver: [plain(assigned('D001'))] });
  });

  it('given a driver on break (issue #32 item 4), when he accepts, then he is refused until he ends it; once it ends, or his shift ends, he may', () => {
    const shift = driverEvents.shiftStarted('D001', new Date(NOW.getTime() - 3_600_000));
    const resting = driverEvents.breakStarted('D001', new Date(NOW.getTime() - 60_000));
    spec
      .given({ ride: ride.requested, ...driverStreams('D001', { driver: [shift, resting] }) })
      .when(accept('D001'), driverActor('D001'))
      .thenThrows(409, BREAK_MESSAGES.onBreak);
    spec
      .given({ ride: ride.requested, ...driverStreams('D001', { driver: [shift, resting, driverEvents.breakEnded('D001', NOW)] }) })
      .when(accept('D001'), driverActor('D001'))
      .then({ ride: [plain(rideEvents.accepted(R, 'D001', 0))], driver: [plain(assigned('D001'))] });
    spec
      .given({ ride: ride.requested, ...driverStreams('D001', { driver: [shift, resting, driverEvents.shiftEnded('D001', NOW)] }) })
      .when(accept('D001'), driverActor('D001'))
      .then({ ride: [plain(rideEvents.accepted(R, 'D001', 0))], driver: [plain(assigned('D001'))] });
  });

  it.each(['accepted', 'cancelled', 'completed', 'waiting'] as const)(
    'given a ride %s, when a free driver accepts, then it is no longer available',
    (stage) => {
      spec
        .given({ ride: ride[stage], ...driverStreams('D002') })
        .when(accept('D002'), driverActor('D002'))
        .thenThrows(409, SERVER_MESSAGES.rideNotAvailable);
    },
  );

  it('given no ride, when a driver accepts it, then it is not found', () => {
    spec.given(driverStreams('D001')).when(accept('D001'), driverActor('D001')).thenThrows(404, SERVER_MESSAGES.rideNotFound);
  });
});

describe('a step timed at the tap (issue #32 item 2)', () => {
  const spec = commandSpec(rideStep);
  const own = driverStreams('D001', { driver: [assigned('D001')] });
  // The ride was picked up at 08:03; the engine hears the drop at 08:30.
  const heard = new Date('2026-11-25T08:30:00.000Z');
  const drop = (doneAt?: string) => ({ type: 'DropMaterial' as const, data: { rideId: R, driverId: 'D001', doneAt } });
  const droppedAt = (at: string, clock: object) => ({
    type: 'MaterialDropped',
    data: { rideId: R, driverId: 'D001', droppedAt: at, ...clock },
  });

  it('given a step tapped offline at 08:10 and heard at 08:30, then it is timed at the tap and says when it was heard', () => {
    spec
      .given({ ride: ride.picked, ...own })
      .when(drop('2026-11-25T13:40:00+05:30'), driverActor('D001'), heard)
      .then({ ride: [droppedAt('2026-11-25T08:10:00.000Z', { heardAt: heard.toISOString() })] as RideEvent[] });
  });

  it.each([
    ['before the previous step', '2026-11-25T08:02:59.000Z'],
    ['in the future', '2026-11-25T08:30:06.000Z'],
    ['too old', '2026-11-24T20:29:59.000Z'],
  ] as const)('given a tap time %s, then the step is timed when heard and keeps what the phone said and why', (reason, doneAt) => {
    // For a tap too old, a ride whose steps were all long ago (minutes before 08:00 on 25/11).
    const longAgo = [
      plain(rideEvents.requested(R, 'AB12', -840)),
      plain(rideEvents.accepted(R, 'D001', -839)),
      plain(rideEvents.started(R, 'D001', -838)),
      plain(rideEvents.picked(R, 'D001', -837)),
    ];
    spec
      .given({ ride: reason === 'too old' ? longAgo : ride.picked, ...own })
      .when(drop(doneAt), driverActor('D001'), heard)
      .then({ ride: [droppedAt(heard.toISOString(), { tappedAt: doneAt, tapRefused: reason })] as RideEvent[] });
  });

  it('given a tap up to 5 s ahead of the engine (a phone clock a little fast), or no tap time, then it is timed when heard with nothing to say', () => {
    spec
      .given({ ride: ride.picked, ...own })
      .when(drop('2026-11-25T08:30:04.000Z'), driverActor('D001'), heard)
      .then({ ride: [droppedAt(heard.toISOString(), {})] as RideEvent[] });
    spec
      .given({ ride: ride.picked, ...own })
      .when(drop(), driverActor('D001'), heard)
      .then({ ride: [droppedAt(heard.toISOString(), {})] as RideEvent[] });
  });

  it("given a ride taken over at 08:05, when the new driver's tap says 08:04, then it is not used: a step of his cannot come before he took it", () => {
    const own2 = driverStreams('D002', { driver: [assigned('D002')] });
    spec
      .given({ ride: [...ride.picked, handedOver, takenOver], ...own2 })
      .when({ type: 'DropMaterial', data: { rideId: R, driverId: 'D002', doneAt: '2026-11-25T08:04:30.000Z' } }, driverActor('D002'), heard)
      .then({
        ride: [
          {
            type: 'MaterialDropped',
            data: {
              rideId: R,
              driverId: 'D002',
              droppedAt: heard.toISOString(),
              tappedAt: '2026-11-25T08:04:30.000Z',
              tapRefused: 'before the previous step',
            },
          },
        ],
      });
  });
});

describe('a step of the ride', () => {
  const spec = commandSpec(rideStep);
  const step = (type: StepCommandType, driverId = 'D001') => ({ type, data: { rideId: R, driverId } });
  const own = (more: Parameters<typeof driverStreams>[1] = {}) =>
    driverStreams('D001', { ...more, driver: [assigned('D001'), ...(more.driver ?? [])] });

  it.each([
    ['accepted', 'StartRide', plain(rideEvents.started(R, 'D001', 0))],
    ['started', 'PickMaterial', plain(rideEvents.picked(R, 'D001', 0))],
    ['picked', 'DropMaterial', plain(rideEvents.dropped(R, 'D001', 0))],
  ] as const)('given a ride %s, when its driver sends %s, then the step is recorded', (stage, type, event) => {
    spec
      .given({ ride: ride[stage], ...own() })
      .when(step(type), driverActor('D001'))
      .then({ ride: [event] });
  });

  it('given a delivered ride, when its driver ends it, then it ends and he is free', () => {
    spec
      .given({ ride: ride.delivered, ...own() })
      .when(step('EndRide'), driverActor('D001'))
      .then({ ride: [plain(rideEvents.ended(R, 'D001', 0))], driver: [plain(driverEvents.releasedFromRide('D001', R, 'ended'))] });
  });

  it.each([
    ['accepted', 'PickMaterial'],
    ['accepted', 'DropMaterial'],
    ['accepted', 'EndRide'],
    ['started', 'StartRide'],
    ['started', 'EndRide'],
    ['picked', 'PickMaterial'],
    ['delivered', 'DropMaterial'],
    ['completed', 'EndRide'],
  ] as const)('given a ride %s, when its driver sends %s, then the step is not allowed', (stage, type) => {
    spec
      .given({ ride: ride[stage], ...own() })
      .when(step(type), driverActor('D001'))
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });

  it('given a ride of another driver, when a driver steps it, in order or not, then he is refused as a stranger', () => {
    spec
      .given({ ride: ride.accepted, ...driverStreams('D002') })
      .when(step('StartRide', 'D002'), driverActor('D002'))
      .thenThrows(403, SERVER_MESSAGES.forbidden);
    spec
      .given({ ride: ride.accepted, ...driverStreams('D002') })
      .when(step('EndRide', 'D002'), driverActor('D002'))
      .thenThrows(403, SERVER_MESSAGES.forbidden);
  });

  it('given an accepted ride, when someone steps it for its driver, then it is refused', () => {
    spec
      .given({ ride: ride.accepted, ...own() })
      .when(step('StartRide'), driverActor('D002'))
      .thenThrows(403, MESSAGES.invalidParameters);
    spec
      .given({ ride: ride.accepted, ...own() })
      .when(step('StartRide'), admin)
      .thenThrows(403, MESSAGES.invalidParameters);
  });

  it.each<[string, Given, string]>([
    [
      'is blocked for maintenance',
      own({ driver: [driverEvents.blockedForMaintenance('D001', 'M1')] }),
      SERVER_MESSAGES.driverBlockedForMaintenance,
    ],
    ['is Not Active', own({ driver: [driverEvents.statusChanged('D001', 'Not Active')] }), SERVER_MESSAGES.driverNotActive],
    ['has had his access withdrawn', own({ driver: [driverEvents.accessToggled('D001', false)] }), SERVER_MESSAGES.driverNotActive],
    ['has a blocked account', own({ account: [userEvents.blocked('D001')] }), MESSAGES.blockedCannotAccept],
  ])('given a started ride whose driver %s, when he picks the material, then he is refused with the reason', (_why, streams, message) => {
    spec
      .given({ ride: ride.started, ...streams })
      .when(step('PickMaterial'), driverActor('D001'))
      .thenThrows(403, message);
  });

  it('given no ride, when a driver starts it, then the ride is not found', () => {
    spec.given(own()).when(step('StartRide'), driverActor('D001')).thenThrows(404, SERVER_MESSAGES.rideNotFound);
  });

  it('given a ride taken over after material was picked, when the new driver drops it, then it is delivered; the first driver may no longer step it', () => {
    spec
      .given({ ride: ride.takenOver, ...driverStreams('D002', { driver: [assigned('D002')] }) })
      .when(step('DropMaterial', 'D002'), driverActor('D002'))
      .then({ ride: [plain(rideEvents.dropped(R, 'D002', 0))] });
    spec
      .given({ ride: ride.takenOver, ...driverStreams('D001') })
      .when(step('DropMaterial'), driverActor('D001'))
      .thenThrows(403, SERVER_MESSAGES.forbidden);
  });
});

describe('take over a redistributed ride', () => {
  const spec = commandSpec(takeOverRide);
  const takeOver = (resumeState: 'material picked' | 'started' | null = null, driverId = 'D002') =>
    ({ type: 'TakeOverRide', data: { rideId: R, driverId, resumeState } }) as const;
  const taken = {
    ride: [{ ...takenOver, data: { ...takenOver.data, takenOverAt: '2026-11-25T08:00:00.000Z' } }],
    driver: [plain(assigned('D002'))],
  };

  it('given a ride waiting for reassignment, when a driver of its type takes it over, then it resumes where the statechart says and is his', () => {
    spec
      .given({ ride: ride.waiting, ...driverStreams('D002') })
      .when(takeOver(), driverActor('D002'))
      .then(taken);
    spec
      .given({ ride: ride.waiting, ...driverStreams('D002') })
      .when(takeOver('material picked'), driverActor('D002'))
      .then(taken);
  });

  it('given a ride waiting for reassignment, when a driver takes it over expecting another state, then it is a conflict', () => {
    spec
      .given({ ride: ride.waiting, ...driverStreams('D002') })
      .when(takeOver('started'), driverActor('D002'))
      .thenThrows(409, SERVER_MESSAGES.conflict);
  });

  it.each(['requested', 'accepted', 'takenOver', 'cancelled'] as const)(
    'given a ride %s, when a driver takes it over, then it is no longer available',
    (stage) => {
      spec
        .given({ ride: ride[stage], ...driverStreams('D003') })
        .when(takeOver(null, 'D003'), driverActor('D003'))
        .thenThrows(409, SERVER_MESSAGES.rideNotAvailable);
    },
  );

  it('given a Forklift ride waiting, when a Crane driver takes it over, then it needs a different vehicle type', () => {
    spec
      .given({ ride: ride.waiting, ...driverStreams('D002', { vehicle: 'Crane' }) })
      .when(takeOver(), driverActor('D002'))
      .thenThrows(403, SERVER_MESSAGES.wrongVehicleType);
  });

  it('given a driver holding another ride, when he takes one over, then he is refused', () => {
    spec
      .given({ ride: ride.waiting, ...driverStreams('D002', { driver: [assigned('D002', 'R0')] }) })
      .when(takeOver(), driverActor('D002'))
      .thenThrows(409, SERVER_MESSAGES.driverHasOngoingRide);
  });

  it('given the broken-down driver, blocked for maintenance, when he takes his own ride back, then he is refused', () => {
    spec
      .given({ ride: ride.waiting, ...driverStreams('D001', { driver: [driverEvents.blockedForMaintenance('D001', 'M1')] }) })
      .when(takeOver(null, 'D001'), driverActor('D001'))
      .thenThrows(403, MESSAGES.blockedCannotAccept);
  });

  it('given a ride waiting, when someone takes it over for another driver, then it is refused', () => {
    spec
      .given({ ride: ride.waiting, ...driverStreams('D002') })
      .when(takeOver(), driverActor('D003'))
      .thenThrows(403, MESSAGES.invalidParameters);
  });
});

describe('redistribute a ride', () => {
  const spec = commandSpec(redistributeRide);
  const redistribute = (
    originalDriverId = 'D001',
    vehicleType: VehicleType = 'Forklift',
    alternativeDrivers: AlternativeDrivers = { Forklift: 1 },
  ) =>
    ({
      type: 'RedistributeRide',
      data: { rideId: R, originalDriverId, vehicleType, maintenanceComment: 'Hydraulic leak' },
      alternativeDrivers,
    }) as const;
  const blocked = { driver: [driverEvents.added('D001'), assigned('D001'), driverEvents.blockedForMaintenance('D001', 'M1')] };
  const handedOverNow = (maintenanceRequestId: string | null) => ({
    ...handedOver,
    data: { ...handedOver.data, maintenanceRequestId, redistributedAt: '2026-11-25T08:00:00.000Z' },
  });

  it('given a ride with material picked, when its driver blocked for maintenance hands it over, then it waits resuming from material picked and he is freed', () => {
    spec
      .given({ ride: ride.picked, ...blocked })
      .when(redistribute(), driverActor('D001'))
      .then({ ride: [handedOverNow('M1')], driver: [plain(driverEvents.releasedFromRide('D001', R, 'redistributed'))] });
  });

  it('given drivers of other types only, when a ride is handed over, then it records that nobody of its type could take it over', () => {
    spec
      .given({ ride: ride.picked, ...blocked })
      .when(redistribute('D001', 'Forklift', { Crane: 3 }), driverActor('D001'))
      .then({
        ride: [{ ...handedOverNow('M1'), data: { ...handedOverNow('M1').data, alternativeDrivers: 0 } }],
        driver: [plain(driverEvents.releasedFromRide('D001', R, 'redistributed'))],
      });
  });

  it('given a ride he already handed over, when he asks again, then nothing changes', () => {
    spec
      .given({ ride: ride.waiting, driver: [driverEvents.added('D001'), driverEvents.blockedForMaintenance('D001', 'M1')] })
      .when(redistribute(), driverActor('D001'))
      .then({});
  });

  it("given a driver not blocked for maintenance, when he hands over his ride, then he is refused; staff may hand over anyone's", () => {
    const free = { ride: ride.picked, driver: [driverEvents.added('D001'), assigned('D001')] };
    spec.given(free).when(redistribute(), driverActor('D001')).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec
      .given(free)
      .when(redistribute(), { tokenNo: 'MH01', role: 'maintenanceHead' })
      .then({ ride: [handedOverNow(null)], driver: [plain(driverEvents.releasedFromRide('D001', R, 'redistributed'))] });
  });

  it('given a ride of another driver, when a driver hands it over, then he is refused', () => {
    spec
      .given({ ride: ride.picked, ...blocked })
      .when(redistribute(), driverActor('D002'))
      .thenThrows(403, MESSAGES.invalidParameters);
    spec
      .given({ ride: ride.picked, driver: [driverEvents.added('D002'), driverEvents.blockedForMaintenance('D002', 'M2')] })
      .when(redistribute('D002'), driverActor('D002'))
      .thenThrows(403, SERVER_MESSAGES.forbidden);
  });

  it('given a ride not in progress, when staff hand it over, then the action is not allowed', () => {
    spec.given({ ride: ride.requested }).when(redistribute(), SYSTEM).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    spec.given({ ride: ride.completed }).when(redistribute(), admin).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });

  it('given a Forklift ride, when it is handed over as a Crane ride, then it needs a different vehicle type', () => {
    spec
      .given({ ride: ride.picked, ...blocked })
      .when(redistribute('D001', 'Crane'), driverActor('D001'))
      .thenThrows(403, SERVER_MESSAGES.wrongVehicleType);
  });
});

describe('a ride timer fires', () => {
  const spec = commandSpec(fireRideTimer);
  const later = '2026-11-25T08:05:00.000Z';
  const at = '2026-11-25T08:00:00.000Z';

  it('given a requested ride, when the wait alert fires, then the ride is alerted once; a stale alert is refused', () => {
    const alert: TimerCommand = { type: 'AlertWaitingRide', data: { rideId: R, dueAt: later } };
    const alerted: RideEvent = { type: 'RideWaitAlerted', data: { rideId: R, requestedAt: at, dueAt: later, alertedAt: at } };
    spec
      .given({ ride: ride.requested })
      .when(alert, TIMER)
      .then({ ride: [alerted] });
    spec
      .given({ ride: [...ride.requested, alerted] })
      .when(alert, TIMER)
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    spec.given({ ride: ride.accepted }).when(alert, TIMER).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });

  it('given a ride waiting for reassignment, when the reassignment timer fires, then the notice is recorded with the next deadline one period on', () => {
    const note = (notice: number, redistribution = 1): TimerCommand => ({
      type: 'NoteNoAlternativeDriver',
      data: { rideId: R, redistribution, notice, dueAt: later, periodMs: 60_000 },
    });
    const noted = (notice: number): RideEvent => ({
      type: 'ReassignmentOverdue',
      data: { rideId: R, redistribution: 1, notice, dueAt: later, nextDueAt: '2026-11-25T08:01:00.000Z', notedAt: at },
    });
    spec
      .given({ ride: ride.waiting })
      .when(note(1), TIMER)
      .then({ ride: [noted(1)] });
    // The same timer twice, one of an earlier breakdown, or one after the take-over changes nothing.
    spec
      .given({ ride: [...ride.waiting, noted(1)] })
      .when(note(1), TIMER)
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    spec.given({ ride: ride.waiting }).when(note(1, 2), TIMER).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    spec.given({ ride: ride.takenOver }).when(note(1), TIMER).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    spec
      .given({ ride: [...ride.waiting, noted(1)] })
      .when(note(2), TIMER)
      .then({ ride: [noted(2)] });
  });

  it('given a started Special Task, when the overrun timer fires, then it overran with its driver and booked duration; otherwise it is refused', () => {
    const special = plain(rideEvents.requested(R, 'AB12', 0, { rideType: 'Special Task', durationMinutes: 30 }));
    const overrun: TimerCommand = { type: 'NoteSpecialTaskOverrun', data: { rideId: R, dueAt: later } };
    const overran: RideEvent = {
      type: 'SpecialTaskOverran',
      data: { rideId: R, driverId: 'D001', startedAt: started.data.startedAt, durationMinutes: 30, dueAt: later, overranAt: at },
    };
    spec
      .given({ ride: [special, accepted, started] })
      .when(overrun, TIMER)
      .then({ ride: [overran] });
    spec
      .given({ ride: [special, accepted, started, overran] })
      .when(overrun, TIMER)
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    spec
      .given({ ride: [special, accepted] })
      .when(overrun, TIMER)
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    spec.given({ ride: ride.started }).when(overrun, TIMER).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });

  it('given a requested ride, when a user sends a timer command, then it is forbidden', () => {
    const alert: TimerCommand = { type: 'AlertWaitingRide', data: { rideId: R, dueAt: later } };
    spec.given({ ride: ride.requested }).when(alert, admin).thenThrows(403, SERVER_MESSAGES.forbidden);
    spec.given({ ride: ride.requested }).when(alert, driverActor('D001')).thenThrows(403, SERVER_MESSAGES.forbidden);
  });

  it('given no ride, when a timer fires for it, then it is not found', () => {
    spec
      .given({})
      .when({ type: 'AlertWaitingRide', data: { rideId: R, dueAt: later } }, TIMER)
      .thenThrows(404, SERVER_MESSAGES.rideNotFound);
  });
});
