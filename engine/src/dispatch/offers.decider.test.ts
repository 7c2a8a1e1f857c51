import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPATCH_SETTINGS, SERVER_MESSAGES, foldRide, type Actor, type DomainEvent, type RideEvent } from '@plantride/schemas';
import { NOW, SYSTEM, commandSpec } from '../test-support/decider-spec';
import { rideEvents } from '../test-support/ride-events';
import { userEvents } from '../test-support/user-events';
import { bookRide, changePriority, declineOffer, fireRideTimer, type BookRideCommand } from '../rides/ride.decider';
import { rideTimers } from '../timers/ride-timers';
import { chooseDriver, type DispatchCandidate } from './offer-choice';
import { preemptionFor, type DispatchInput } from './offers';
import { rosterCounting } from '../test-support/roster-events';

const plain = <E extends { streamId: string }>({ streamId: _streamId, ...event }: E): Omit<E, 'streamId'> => event;
const R = 'R1';
const requester: Actor = { tokenNo: 'AB12', role: 'requester' };
const driver = (tokenNo: string): Actor => ({ tokenNo, role: 'driver' });
const iso = (msFromNow: number) => new Date(NOW.getTime() + msFromNow).toISOString();

/** A free Forklift driver at a place, idle since some minutes before now. */
const free = (
  operatorId: string,
  location: string | null,
  idleMinutes = 10,
  vehicleType: DispatchCandidate['vehicleType'] = 'Forklift',
): DispatchCandidate => ({
  operatorId,
  vehicleType,
  location,
  idleSince: iso(-idleMinutes * 60_000),
});
const OFFER_SETTINGS = { ...DEFAULT_DISPATCH_SETTINGS, mode: 'offer' as const, offerSeconds: 20 };
/** The dispatch stream as an admin's switch to offer mode leaves it: what the decisions read their settings from. */
const offerModeSet = { dispatchSettings: [{ type: 'DispatchSettingsChanged', data: OFFER_SETTINGS }] as DomainEvent[] };
/** The free drivers a command brings, with the settings and site for the pure choosers (chooseDriver, preemptionFor). */
const offerMode = (candidates: DispatchCandidate[]): DispatchInput => ({ settings: OFFER_SETTINGS, candidates, site: null });

// A ride from RMS to fgs (7 minutes); on the spec plant car parking is nearer RMS than the canteen.
const booking = (dispatch?: DispatchInput, priority: 'normal' | 'urgent' = 'normal'): BookRideCommand => ({
  type: 'BookRide',
  data: {
    rideId: R,
    requesterId: 'AB12',
    requesterName: '',
    requesterMobile: '',
    fromLocation: 'RMS',
    toLocation: 'fgs',
    vehicleType: 'Forklift',
    rideType: 'Regular',
    durationMinutes: null,
    priority,
  },
  free: dispatch,
});
const requested = (more: Partial<Extract<RideEvent, { type: 'RideRequested' }>['data']> = {}) =>
  plain(
    rideEvents.requested(R, 'AB12', 0, {
      requesterName: 'User AB12',
      requesterMobile: '9000000002',
      fromLocation: 'RMS',
      toLocation: 'fgs',
      estimatedMinutes: 7,
      requestedAt: NOW.toISOString(),
      ...more,
    }),
  );
const offered = (driverId: string, round = 1): RideEvent => ({
  type: 'RideOffered',
  data: { rideId: R, driverId, round, offeredAt: NOW.toISOString(), expiresAt: iso(20_000) },
});
const account = { requester: [userEvents.signedUp('AB12')], roster: rosterCounting({ Forklift: 3 }) };

describe("change a ride's priority", () => {
  const spec = commandSpec(changePriority);
  const change = (priority: 'normal' | 'urgent') => ({ type: 'ChangePriority' as const, data: { rideId: R, priority } });
  const staff: Actor = { tokenNo: 'MH01', role: 'maintenanceHead' };

  it('given an open ride, when staff make it urgent, then it is recorded with who did it; the same priority again changes nothing', () => {
    spec
      .given({ ride: [requested()] })
      .when(change('urgent'), staff)
      .then({
        ride: [{ type: 'RidePriorityChanged', data: { rideId: R, priority: 'urgent', changedBy: 'MH01', changedAt: NOW.toISOString() } }],
      });
    spec
      .given({ ride: [requested()] })
      .when(change('normal'), staff)
      .then({});
    spec
      .given({ ride: [requested(), plain(rideEvents.accepted(R, 'D1'))] })
      .when(change('urgent'), staff)
      .then({
        ride: [{ type: 'RidePriorityChanged', data: { rideId: R, priority: 'urgent', changedBy: 'MH01', changedAt: NOW.toISOString() } }],
      });
  });

  it('given a finished ride, no ride, or a requester or driver, when the priority is changed, then it is refused', () => {
    spec
      .given({ ride: [requested(), plain(rideEvents.cancelled(R, 'AB12'))] })
      .when(change('urgent'), staff)
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    spec.given({}).when(change('urgent'), staff).thenThrows(404, SERVER_MESSAGES.rideNotFound);
    spec
      .given({ ride: [requested()] })
      .when(change('urgent'), requester)
      .thenThrows(403, SERVER_MESSAGES.forbidden);
    spec
      .given({ ride: [requested()] })
      .when(change('urgent'), driver('D1'))
      .thenThrows(403, SERVER_MESSAGES.forbidden);
  });
});

describe('the offer choice', () => {
  it('given free drivers, then the one with the fewest route minutes to the pickup is chosen, then the longest idle, then by id; other types, those who passed and the unknown-placed come after or not at all', () => {
    const ride = { fromLocation: 'RMS', vehicleType: 'Forklift' };
    expect(chooseDriver(ride, [free('D1', 'canteen'), free('D2', 'car parking'), free('D3', 'main gate')], null)?.operatorId).toBe('D2');
    expect(chooseDriver(ride, [free('D1', 'car parking', 5), free('D2', 'car parking', 30)], null)?.operatorId).toBe('D2');
    expect(chooseDriver(ride, [free('D2', 'RMS', 1), free('D1', 'RMS', 1)], null)?.operatorId).toBe('D1');
    expect(chooseDriver(ride, [free('D1', null, 60), free('D2', 'canteen', 1)], null)?.operatorId).toBe('D2');
    expect(chooseDriver(ride, [free('D1', 'RMS', 1, 'Crane'), free('D2', 'canteen')], null, ['D2'])).toBeNull();
  });
});

describe('offer dispatch', () => {
  const book = commandSpec(bookRide);

  it('given offer mode and free drivers, when a ride is booked, then it is offered to the nearest for offerSeconds, marked for offers and its priority', () => {
    book
      .given({ ...account, ...offerModeSet })
      .when(booking(offerMode([free('D1', 'canteen'), free('D2', 'car parking')]), 'urgent'), requester)
      .then({ ride: [requested({ dispatch: 'offer', priority: 'urgent' }), offered('D2')] });
  });

  it('given offer mode and nobody free, when a ride is booked, then it is open to all at once; in broadcast mode nothing is offered and the event is the spec one', () => {
    book
      .given({ ...account, ...offerModeSet })
      .when(booking(offerMode([])), requester)
      .then({
        ride: [
          requested({ dispatch: 'offer' }),
          { type: 'RideOpenedToAll', data: { rideId: R, reason: 'no driver free', openedAt: NOW.toISOString() } },
        ],
      });
    book
      .given(account)
      .when(booking({ ...offerMode([free('D1', 'RMS')]), settings: DEFAULT_DISPATCH_SETTINGS }), requester)
      .then({ ride: [requested()] });
  });

  const decline = commandSpec(declineOffer);
  const declining = (driverId: string, candidates: DispatchCandidate[]) => ({
    type: 'DeclineOffer' as const,
    data: { rideId: R, driverId },
    free: offerMode(candidates),
  });

  it('given a ride offered to a driver, when he declines, then it goes to the next best driver, never back to him; when the last declines, it is open to all', () => {
    const declined = (driverId: string, round: number): RideEvent => ({
      type: 'RideOfferDeclined',
      data: { rideId: R, driverId, round, declinedAt: NOW.toISOString() },
    });
    decline
      .given({ ...offerModeSet, ride: [requested({ dispatch: 'offer' }), offered('D2')] })
      .when(declining('D2', [free('D2', 'RMS'), free('D1', 'canteen')]), driver('D2'))
      .then({ ride: [declined('D2', 1), offered('D1', 2)] });
    decline
      .given({ ...offerModeSet, ride: [requested({ dispatch: 'offer' }), offered('D2'), declined('D2', 1), offered('D1', 2)] })
      .when(declining('D1', [free('D2', 'RMS'), free('D1', 'canteen')]), driver('D1'))
      .then({
        ride: [
          declined('D1', 2),
          { type: 'RideOpenedToAll', data: { rideId: R, reason: 'every driver passed', openedAt: NOW.toISOString() } },
        ],
      });
  });

  it('given dispatch set back to broadcast while a ride is offered, when its driver declines or the offer lapses, then it is open to all though a driver is free', () => {
    const backToBroadcast = {
      dispatchSettings: [
        ...offerModeSet.dispatchSettings,
        { type: 'DispatchSettingsChanged', data: DEFAULT_DISPATCH_SETTINGS },
      ] as DomainEvent[],
    };
    const opened: RideEvent = {
      type: 'RideOpenedToAll',
      data: { rideId: R, reason: 'dispatch set to broadcast', openedAt: NOW.toISOString() },
    };
    decline
      .given({ ...backToBroadcast, ride: [requested({ dispatch: 'offer' }), offered('D2')] })
      .when(declining('D2', [free('D1', 'RMS')]), driver('D2'))
      .then({
        ride: [{ type: 'RideOfferDeclined', data: { rideId: R, driverId: 'D2', round: 1, declinedAt: NOW.toISOString() } }, opened],
      });
    commandSpec(fireRideTimer)
      .given({ ...backToBroadcast, ride: [requested({ dispatch: 'offer' }), offered('D2')] })
      .when(
        { type: 'ExpireOffer', data: { rideId: R, driverId: 'D2', round: 1, dueAt: iso(20_000) }, free: offerMode([free('D1', 'RMS')]) },
        SYSTEM,
      )
      .then({ ride: [{ type: 'RideOfferExpired', data: { rideId: R, driverId: 'D2', round: 1, expiredAt: NOW.toISOString() } }, opened] });
  });

  it('given a ride offered to someone else, open to all, or taken, when a driver declines it, then it is no longer available to him; he may not decline for another', () => {
    decline
      .given({ ...offerModeSet, ride: [requested({ dispatch: 'offer' }), offered('D2')] })
      .when(declining('D1', []), driver('D1'))
      .thenThrows(409, SERVER_MESSAGES.rideNotAvailable);
    decline
      .given({ ...offerModeSet, ride: [requested()] })
      .when(declining('D1', []), driver('D1'))
      .thenThrows(409, SERVER_MESSAGES.rideNotAvailable);
    decline
      .given({ ...offerModeSet, ride: [requested({ dispatch: 'offer' }), offered('D2')] })
      .when(declining('D2', []), driver('D1'))
      .thenThrows(403, SERVER_MESSAGES.forbidden);
  });

  it('given a ride offered, then its expiry timer is armed; when it fires, then the ride goes to the next driver; a timer for an answered offer is stale', () => {
    const ride = foldRide([requested({ dispatch: 'offer' }) as RideEvent, offered('D2')]);
    const [timer] = rideTimers(ride, { reassignTimeoutMs: 60_000, rideWaitAlertMs: 3_600_000, specialTaskMinuteMs: 60_000 }).filter(
      (t) => t.command.type === 'ExpireOffer',
    );
    expect(timer).toEqual({
      id: `offer-${R}-1`,
      dueAt: new Date(iso(20_000)),
      command: { type: 'ExpireOffer', data: { rideId: R, driverId: 'D2', round: 1, dueAt: iso(20_000) } },
    });
    const fire = commandSpec(fireRideTimer);
    const expired: RideEvent = { type: 'RideOfferExpired', data: { rideId: R, driverId: 'D2', round: 1, expiredAt: NOW.toISOString() } };
    fire
      .given({ ...offerModeSet, ride: [requested({ dispatch: 'offer' }), offered('D2')] })
      .when({ ...timer!.command, free: offerMode([free('D1', 'main gate')]) }, SYSTEM)
      .then({ ride: [expired, offered('D1', 2)] });
    fire
      .given({ ...offerModeSet, ride: [requested({ dispatch: 'offer' }), offered('D2'), plain(rideEvents.accepted(R, 'D2'))] })
      .when(timer!.command, SYSTEM)
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });

  it('given a ride offered to one driver, then another may not accept it until it is open to all', () => {
    const ride = foldRide([requested({ dispatch: 'offer' }) as RideEvent, offered('D2')]);
    expect(ride.can(plain(rideEvents.accepted(R, 'D1')) as RideEvent)).toBe(false);
    expect(ride.can(plain(rideEvents.accepted(R, 'D2')) as RideEvent)).toBe(true);
  });
});

describe("urgent first: an urgent booking takes a driver from a normal ride's offer (issue #20)", () => {
  const book = commandSpec(bookRide);
  const T = 'T1';
  const takenRequested = (priority: 'normal' | 'urgent' = 'normal') =>
    plain(
      rideEvents.requested(T, 'AB12', 0, {
        requesterName: 'User AB12',
        requesterMobile: '9000000002',
        fromLocation: 'canteen',
        toLocation: 'fgs',
        estimatedMinutes: 5,
        requestedAt: NOW.toISOString(),
        dispatch: 'offer',
        ...(priority === 'urgent' ? { priority } : {}),
      }),
    );
  const takenOffer = (driverId: string): RideEvent => ({
    type: 'RideOffered',
    data: { rideId: T, driverId, round: 1, offeredAt: NOW.toISOString(), expiresAt: iso(20_000) },
  });
  // D1 holds T's offer; nobody is free.
  const holding = (holders = [{ ...free('D1', 'RMS'), rideId: T }]): DispatchInput => ({ ...offerMode([]), holders });
  const urgent = (dispatch: DispatchInput): BookRideCommand => booking(dispatch, 'urgent');

  it("given nobody free and a driver holding a normal ride's offer, when an urgent ride is booked, then it is offered to him and the other offer is taken back in the same append; that ride goes on without him", () => {
    book
      .given({ ...account, ...offerModeSet, taken: [takenRequested(), takenOffer('D1')] })
      .when(urgent(holding()), requester)
      .then({
        ride: [requested({ dispatch: 'offer', priority: 'urgent' }), offered('D1')],
        taken: [
          { type: 'RideOfferWithdrawn', data: { rideId: T, driverId: 'D1', round: 1, forRideId: R, withdrawnAt: NOW.toISOString() } },
          { type: 'RideOpenedToAll', data: { rideId: T, reason: 'no driver free', openedAt: NOW.toISOString() } },
        ],
      });
  });

  it('given the other ride urgent too, answered meanwhile, or a driver free, when an urgent ride is booked, then no offer is taken back', () => {
    const opened: RideEvent = { type: 'RideOpenedToAll', data: { rideId: R, reason: 'no driver free', openedAt: NOW.toISOString() } };
    book
      .given({ ...account, ...offerModeSet, taken: [takenRequested('urgent'), takenOffer('D1')] })
      .when(urgent(holding()), requester)
      .then({ ride: [requested({ dispatch: 'offer', priority: 'urgent' }), opened] });
    const declined: RideEvent = { type: 'RideOfferDeclined', data: { rideId: T, driverId: 'D1', round: 1, declinedAt: NOW.toISOString() } };
    book
      .given({ ...account, ...offerModeSet, taken: [takenRequested(), takenOffer('D1'), declined] })
      .when(urgent(holding()), requester)
      .then({ ride: [requested({ dispatch: 'offer', priority: 'urgent' }), opened] });
    book
      .given({ ...account, ...offerModeSet, taken: [takenRequested(), takenOffer('D1')] })
      .when(urgent({ ...holding(), candidates: [free('D2', 'canteen')] }), requester)
      .then({ ride: [requested({ dispatch: 'offer', priority: 'urgent' }), offered('D2')] });
  });

  it('given a normal booking, then preemptionFor takes nobody; for an urgent one it takes the best holder by the same score', () => {
    const ride = { fromLocation: 'RMS', vehicleType: 'Forklift', passedOver: [], openToAll: false, offer: null };
    const holders = [
      { ...free('D1', 'canteen'), rideId: 'A' },
      { ...free('D2', 'car parking'), rideId: 'B' },
    ];
    expect(preemptionFor({ ...ride, priority: 'normal' }, { ...offerMode([]), holders })).toBeNull();
    expect(preemptionFor({ ...ride, priority: 'urgent' }, { ...offerMode([]), holders })?.rideId).toBe('B');
    expect(preemptionFor({ ...ride, priority: 'urgent' }, { ...offerMode([]), settings: DEFAULT_DISPATCH_SETTINGS, holders })).toBeNull();
  });
});
