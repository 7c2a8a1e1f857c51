import { describe, expect, it } from 'vitest';
import {
  ASSIGN_MESSAGES,
  SERVER_MESSAGES,
  canApply,
  foldRide,
  type Actor,
  type DomainEvent,
  type RideEvent,
  type VehicleType,
} from '@plantride/schemas';
import { NOW, commandSpec, type Given } from '../test-support/decider-spec';
import { driverEvents } from '../test-support/driver-events';
import { rideEvents } from '../test-support/ride-events';
import { userEvents } from '../test-support/user-events';
import { assignRide, assignability, type AssignRideCommand } from './assign-ride';
import { rideStream } from './ride.decider';
import { driverStream } from '../drivers/driver.decider';
import { userStream } from '../users/user.decider';
import { inspectionSettingsStream } from '../inspections/inspection-settings';

// Issue #32 item 4: staff give a waiting ride to a driver, or take one back and give it to another, for a reason.

const plain = <E extends { streamId: string }>({ streamId: _streamId, ...event }: E): Omit<E, 'streamId'> => event;

const R = 'R1';
const admin: Actor = { tokenNo: 'AD01', role: 'admin' };
const head: Actor = { tokenNo: 'MH01', role: 'maintenanceHead' };
const at = NOW.toISOString();

const requested = plain(rideEvents.requested(R, 'AB12'));
const offerRequested = plain(rideEvents.requested(R, 'AB12', 0, { dispatch: 'offer' }));
const accepted = plain(rideEvents.accepted(R, 'D001'));
const started = plain(rideEvents.started(R, 'D001'));
const picked = plain(rideEvents.picked(R, 'D001'));
const ride = {
  requested: [requested],
  offered: [offerRequested, plain(rideEvents.offered(R, 'D003', 1))],
  openedToAll: [
    offerRequested,
    plain(rideEvents.offered(R, 'D003', 1)),
    plain(rideEvents.offerExpired(R, 'D003', 1)),
    plain(rideEvents.openedToAll(R, 2)),
  ],
  accepted: [requested, accepted],
  started: [requested, accepted, started],
  picked: [requested, accepted, started, picked],
  waiting: [requested, accepted, started, plain(rideEvents.redistributed(R, 'D001'))],
  completed: [requested, accepted, started, picked, plain(rideEvents.dropped(R, 'D001')), plain(rideEvents.ended(R, 'D001'))],
  cancelled: [requested, plain(rideEvents.cancelled(R, 'AB12'))],
} satisfies Record<string, DomainEvent[]>;

/** The driver the ride goes to: an Active Forklift driver with access, plus whatever else happened to him. */
function to(driverId: string, more: { driver?: DomainEvent[]; account?: DomainEvent[]; vehicle?: VehicleType } = {}): Given {
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
/** The driver holding the ride (D001), on his own stream. */
const holding: Given = { previous: [driverEvents.added('D001'), driverEvents.assignedToRide('D001', R)] };

const assign = (driverId: string, reason = 'Closest free driver'): AssignRideCommand => ({
  type: 'AssignRide',
  data: { rideId: R, driverId, reason },
});

const assignedEvent = (driverId: string, fromDriverId: string | null, by = 'AD01', reason = 'Closest free driver'): RideEvent => ({
  type: 'RideAssigned',
  data: {
    rideId: R,
    driverId,
    driverName: `Driver ${driverId}`,
    driverMobile: '9876543210',
    vehicleNumber: `MH12 ${driverId}`,
    fromDriverId,
    assignedBy: by,
    reason,
    assignedAt: at,
  },
});
const his = (driverId: string) => [plain(driverEvents.assignedToRide(driverId, R))];

describe('staff assign a ride (issue #32 item 4)', () => {
  const spec = commandSpec(assignRide);

  it.each([
    ['requested (broadcast)', 'requested'],
    ['opened to all after its offers', 'openedToAll'],
  ] as const)(
    'given a ride %s, when an admin assigns it to a free driver of its type, then it is his on the ride stream and his own, with the admin and the reason',
    (_what, stage) => {
      spec
        .given({ ride: ride[stage], ...to('D002') })
        .when(assign('D002'), admin)
        .then({ ride: [assignedEvent('D002', null)], driver: his('D002') });
    },
  );

  it('given a ride offered to one driver, when the maintenance head assigns it to another, then the offer is withdrawn in the same append', () => {
    spec
      .given({ ride: ride.offered, ...to('D002') })
      .when(assign('D002'), head)
      .then({
        ride: [
          { type: 'RideOfferWithdrawn', data: { rideId: R, driverId: 'D003', round: 1, withdrawnAt: at } },
          assignedEvent('D002', null, 'MH01'),
        ],
        driver: his('D002'),
      });
  });

  it('given a ride waiting for reassignment after a breakdown, when staff assign it, then it is his and resumes where it broke down', () => {
    spec
      .given({ ride: ride.waiting, ...to('D002') })
      .when(assign('D002'), admin)
      .then({ ride: [assignedEvent('D002', null)], driver: his('D002') });
    const after = foldRide([...ride.waiting, assignedEvent('D002', null)] as RideEvent[]);
    expect(after.value).toEqual({ inProgress: 'started' });
    expect(after.context.driverId).toBe('D002');
  });

  it.each(['accepted', 'started'] as const)(
    'given a ride %s by D001, when staff give it to D002, then it is taken back from D001 and given to D002 in one append on all three streams',
    (stage) => {
      spec
        .given({ ride: ride[stage], ...to('D002'), ...holding })
        .when(assign('D002', '  D001 is stuck at the far gate  '), admin)
        .then({
          ride: [assignedEvent('D002', 'D001', 'AD01', 'D001 is stuck at the far gate')],
          driver: his('D002'),
          previous: [plain(driverEvents.releasedFromRide('D001', R, 'reassigned'))],
        });
      const after = foldRide([...ride[stage], assignedEvent('D002', 'D001')] as RideEvent[]);
      expect(after.value).toEqual({ inProgress: stage });
      expect(after.context.driverId).toBe('D002');
      // D001 may no longer step on it; D002 may.
      const next = stage === 'accepted' ? 'RideStarted' : 'MaterialPicked';
      const step = (driverId: string) =>
        ({ type: next, data: { rideId: R, driverId, startedAt: at, pickedAt: at } }) as unknown as RideEvent;
      expect(canApply(after, step('D002'))).toBe(true);
    },
  );

  it('given an offered ride its driver accepted, when staff give it to another, then it is taken back from him, with no offer to withdraw', () => {
    const acceptedOffer = [offerRequested, plain(rideEvents.offered(R, 'D001', 1)), accepted];
    spec
      .given({ ride: acceptedOffer, ...to('D002'), ...holding })
      .when(assign('D002'), admin)
      .then({
        ride: [assignedEvent('D002', 'D001')],
        driver: his('D002'),
        previous: [plain(driverEvents.releasedFromRide('D001', R, 'reassigned'))],
      });
  });

  it('given a ride accepted by D001, when staff assign it to D001 again, then it is already his', () => {
    spec
      .given({ ride: ride.accepted, ...to('D001', { driver: [driverEvents.assignedToRide('D001', R)] }) })
      .when(assign('D001'), admin)
      .thenThrows(409, ASSIGN_MESSAGES.alreadyHis);
  });

  it.each(['picked', 'completed', 'cancelled'] as const)(
    'given a ride %s, when staff assign it, then it is refused: only a waiting ride, or one not yet picked up',
    (stage) => {
      spec
        .given({ ride: ride[stage], ...to('D002'), ...holding })
        .when(assign('D002'), admin)
        .thenThrows(409, ASSIGN_MESSAGES.rideNotAssignable);
    },
  );

  it('given no such ride, when staff assign it, then it is not found', () => {
    spec.given(to('D002')).when(assign('D002'), admin).thenThrows(404, SERVER_MESSAGES.rideNotFound);
  });

  it.each<[string, Given, number, string]>([
    ['has no driver account', { account: [userEvents.signedUp('D002')] }, 409, ASSIGN_MESSAGES.notADriver],
    ['has no driver record', { driver: [] }, 404, SERVER_MESSAGES.driverNotFound],
    ['has a blocked account', to('D002', { account: [userEvents.blocked('D002')] }), 409, ASSIGN_MESSAGES.driverAccountBlocked],
    [
      'is blocked for maintenance',
      to('D002', { driver: [driverEvents.blockedForMaintenance('D002', 'M1')] }),
      409,
      ASSIGN_MESSAGES.driverUnderMaintenance,
    ],
    ['is Not Active', to('D002', { driver: [driverEvents.statusChanged('D002', 'Not Active')] }), 409, ASSIGN_MESSAGES.driverNotActive],
    ['has no access', to('D002', { driver: [driverEvents.accessToggled('D002', false)] }), 409, ASSIGN_MESSAGES.driverNotActive],
    ['drives a Crane', to('D002', { vehicle: 'Crane' }), 409, ASSIGN_MESSAGES.wrongVehicleType],
    ['holds another ride', to('D002', { driver: [driverEvents.assignedToRide('D002', 'R0')] }), 409, ASSIGN_MESSAGES.driverBusy],
    [
      'is on break (issue #32 item 4)',
      to('D002', {
        driver: [driverEvents.shiftStarted('D002', new Date(NOW.getTime() - 3_600_000)), driverEvents.breakStarted('D002', NOW)],
      }),
      409,
      ASSIGN_MESSAGES.driverOnBreak,
    ],
    [
      "has not passed today's inspection where the plant requires it",
      { ...to('D002'), inspection: [{ type: 'InspectionSettingsChanged', data: { inspectionRequired: true } } as DomainEvent] },
      409,
      ASSIGN_MESSAGES.driverInspectionDue,
    ],
  ])(
    'given a requested ride and a driver who %s, when staff assign it to him, then it is refused with why',
    (_why, streams, status, message) => {
      spec
        .given({ ride: ride.requested, ...to('D002'), ...streams })
        .when(assign('D002'), admin)
        .thenThrows(status as 404 | 409, message);
    },
  );

  it.each([
    ['a requester', { tokenNo: 'AB12', role: 'requester' } as Actor],
    ['a driver', { tokenNo: 'D002', role: 'driver' } as Actor],
  ])('given a requested ride, when %s assigns it, then it is forbidden', (_who, actor) => {
    spec
      .given({ ride: ride.requested, ...to('D002') })
      .when(assign('D002'), actor)
      .thenThrows(403, SERVER_MESSAGES.forbidden);
  });

  it('given a requested ride, when staff assign it with a blank reason, then a reason is asked for', () => {
    spec
      .given({ ride: ride.requested, ...to('D002') })
      .when(assign('D002', '   '), admin)
      .thenThrows(400, ASSIGN_MESSAGES.reasonRequired);
  });
});

describe("the picker's answer for each driver (the same rule)", () => {
  const states = (given: Given) => {
    const fold = <S, E>(ref: { initial: () => S; evolve: (s: S, e: E) => S }, events: DomainEvent[] = []) =>
      (events as E[]).reduce(ref.evolve, ref.initial());
    return {
      ride: fold(rideStream(R), given.ride),
      driver: fold(driverStream('D002'), given.driver),
      account: fold(userStream('D002'), given.account),
      inspection: fold(inspectionSettingsStream(), given.inspection),
    };
  };

  it('given a free driver of its type, then he may be given it; one holding another ride is told why not', () => {
    expect(assignability(states({ ride: ride.requested, ...to('D002') }), R, 'D002', NOW)).toBeNull();
    expect(
      assignability(
        states({ ride: ride.requested, ...to('D002', { driver: [driverEvents.assignedToRide('D002', 'R0')] }) }),
        R,
        'D002',
        NOW,
      ),
    ).toBe(ASSIGN_MESSAGES.driverBusy);
  });

  it('given a driver on break, then the picker tells he is on break; once he ends it, he may be given it', () => {
    const shift = driverEvents.shiftStarted('D002', new Date(NOW.getTime() - 3_600_000));
    const resting = driverEvents.breakStarted('D002', new Date(NOW.getTime() - 60_000));
    expect(assignability(states({ ride: ride.requested, ...to('D002', { driver: [shift, resting] }) }), R, 'D002', NOW)).toBe(
      ASSIGN_MESSAGES.driverOnBreak,
    );
    expect(
      assignability(
        states({ ride: ride.requested, ...to('D002', { driver: [shift, resting, driverEvents.breakEnded('D002', NOW)] }) }),
        R,
        'D002',
        NOW,
      ),
    ).toBeNull();
  });
});
