import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPATCH_SETTINGS, SERVER_MESSAGES, foldRide, type Actor, type DomainEvent, type RideEvent } from '@plantride/schemas';
import { NOW, SYSTEM, commandSpec } from '../test-support/decider-spec';
import { rideEvents } from '../test-support/ride-events';
import { userEvents } from '../test-support/user-events';
import { bookRide, cancelRide, fireRideTimer, type BookRideCommand } from '../rides/ride.decider';
import { rideTimers } from '../timers/ride-timers';
import type { DispatchCandidate } from './offer-choice';
import type { DispatchInput } from './offers';
import { rosterCounting } from '../test-support/roster-events';

// Issue #20 items 4 and 5: service targets and rides booked for later, given / when / then.
// NOW is 2026-11-25 13:30 plant time (08:00Z); tomorrow on the plant's calendar ends 2026-11-26 18:30Z.

const plain = <E extends { streamId: string }>({ streamId: _streamId, ...event }: E): Omit<E, 'streamId'> => event;
const R = 'R1';
const requester: Actor = { tokenNo: 'AB12', role: 'requester' };
const iso = (msFromNow: number) => new Date(NOW.getTime() + msFromNow).toISOString();
const MINUTE = 60_000;
const account = { requester: [userEvents.signedUp('AB12')], roster: rosterCounting({ Forklift: 3 }) };
const timerSettings = { reassignTimeoutMs: 60_000, rideWaitAlertMs: 3_600_000, specialTaskMinuteMs: 60_000 };

const dispatchWith = (settings: Partial<DispatchInput['settings']>, candidates: DispatchCandidate[] = []): DispatchInput => ({
  settings: { ...DEFAULT_DISPATCH_SETTINGS, ...settings },
  candidates,
  site: null,
});
/** The dispatch stream after an admin saved `dispatch`'s settings: what the decisions read them from. */
const settingsSaved = (dispatch: DispatchInput) => ({
  dispatchSettings: [{ type: 'DispatchSettingsChanged', data: dispatch.settings }] as DomainEvent[],
});
const booking = (more: Partial<BookRideCommand['data']> = {}, dispatch?: DispatchInput): BookRideCommand => ({
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
    ...more,
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
const timerOf = (events: RideEvent[], type: string) => rideTimers(foldRide(events), timerSettings).find((t) => t.command.type === type);

describe('rides booked for later', () => {
  const book = commandSpec(bookRide);

  it('given a time later today, when booked, then the ride is scheduled with its release releaseLeadMinutes before, and no driver is offered it yet', () => {
    const at = iso(90 * MINUTE);
    book
      .given(account)
      .when(booking({ scheduledFor: at }), requester)
      .then({ ride: [requested({ scheduledFor: at, releaseAt: iso(75 * MINUTE) })] });
    // Offer mode too: dispatch waits for the release.
    const offers = dispatchWith({ mode: 'offer', releaseLeadMinutes: 30 }, [
      { operatorId: 'D1', vehicleType: 'Forklift', location: 'RMS', idleSince: iso(-MINUTE) },
    ]);
    book
      .given({ ...account, ...settingsSaved(offers) })
      .when(booking({ scheduledFor: at }, offers), requester)
      .then({ ride: [requested({ scheduledFor: at, releaseAt: iso(60 * MINUTE) })] });
  });

  it('given a time sooner than the lead, when booked, then it is released at once (at booking); a time given with an offset is kept as the instant it names', () => {
    const soon = new Date(NOW.getTime() + 5 * MINUTE);
    const withOffset = '2026-11-25T13:35:00+05:30';
    expect(new Date(withOffset).getTime()).toBe(soon.getTime());
    book
      .given(account)
      .when(booking({ scheduledFor: withOffset }), requester)
      .then({ ride: [requested({ scheduledFor: soon.toISOString(), releaseAt: NOW.toISOString() })] });
  });

  it('given a time now or past, or beyond tomorrow on the plant calendar, when booked, then it is refused; the last minute of tomorrow is taken', () => {
    book
      .given(account)
      .when(booking({ scheduledFor: NOW.toISOString() }), requester)
      .thenThrows(400, SERVER_MESSAGES.scheduledInPast);
    book
      .given(account)
      .when(booking({ scheduledFor: iso(-MINUTE) }), requester)
      .thenThrows(400, SERVER_MESSAGES.scheduledInPast);
    book
      .given(account)
      .when(booking({ scheduledFor: '2026-11-26T18:30:00.000Z' }), requester)
      .thenThrows(400, SERVER_MESSAGES.scheduledTooFar);
    const lastMinute = '2026-11-26T18:29:00.000Z';
    book
      .given(account)
      .when(booking({ scheduledFor: lastMinute }), requester)
      .then({ ride: [requested({ scheduledFor: lastMinute, releaseAt: '2026-11-26T18:14:00.000Z' })] });
  });

  it('given a scheduled ride, then its release timer is armed; when it fires, then the ride is requested; under offer dispatch it is offered at once', () => {
    const scheduled = requested({ scheduledFor: iso(90 * MINUTE), releaseAt: iso(75 * MINUTE) }) as RideEvent;
    const timer = timerOf([scheduled], 'ReleaseScheduledRide');
    expect(timer).toEqual({
      id: `release-${R}`,
      dueAt: new Date(iso(75 * MINUTE)),
      command: { type: 'ReleaseScheduledRide', data: { rideId: R, dueAt: iso(75 * MINUTE) } },
    });
    const fire = commandSpec(fireRideTimer);
    fire
      .given({ ride: [scheduled] })
      .when(timer!.command, SYSTEM)
      .then({ ride: [{ type: 'RideReleased', data: { rideId: R, releasedAt: NOW.toISOString() } }] });
    const offers = dispatchWith({ mode: 'offer', offerSeconds: 20 }, [
      { operatorId: 'D1', vehicleType: 'Forklift', location: 'RMS', idleSince: iso(-MINUTE) },
    ]);
    fire
      .given({ ride: [scheduled], ...settingsSaved(offers) })
      .when({ ...timer!.command, free: offers }, SYSTEM)
      .then({
        ride: [
          { type: 'RideReleased', data: { rideId: R, releasedAt: NOW.toISOString(), dispatch: 'offer' } },
          { type: 'RideOffered', data: { rideId: R, driverId: 'D1', round: 1, offeredAt: NOW.toISOString(), expiresAt: iso(20_000) } },
        ],
      });
  });

  it('given a scheduled ride, when its requester cancels it, then it is cancelled and its release timer goes; a release after that is stale', () => {
    const scheduled = requested({ scheduledFor: iso(90 * MINUTE), releaseAt: iso(75 * MINUTE) }) as RideEvent;
    const cancelled: RideEvent = { type: 'RideCancelled', data: { rideId: R, cancelledBy: 'AB12', cancelledAt: NOW.toISOString() } };
    commandSpec(cancelRide)
      .given({ ride: [scheduled] })
      .when({ type: 'CancelRide', data: { rideId: R } }, requester)
      .then({ ride: [cancelled] });
    expect(timerOf([scheduled, cancelled], 'ReleaseScheduledRide')).toBeUndefined();
    commandSpec(fireRideTimer)
      .given({ ride: [scheduled, cancelled] })
      .when({ type: 'ReleaseScheduledRide', data: { rideId: R, dueAt: iso(75 * MINUTE) } }, SYSTEM)
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });

  it('given a scheduled ride, then no driver may accept it before its release', () => {
    const scheduled = foldRide([requested({ scheduledFor: iso(90 * MINUTE), releaseAt: iso(75 * MINUTE) }) as RideEvent]);
    expect(scheduled.value).toBe('scheduled');
    expect(scheduled.can(plain(rideEvents.accepted(R, 'D1')) as RideEvent)).toBe(false);
  });
});

describe('service targets', () => {
  const book = commandSpec(bookRide);
  const fire = commandSpec(fireRideTimer);
  const missed = (target: 'accept' | 'deliver', priority: 'normal' | 'urgent', dueAt: string): RideEvent => ({
    type: 'RideSlaBreached',
    data: { rideId: R, target, priority, dueAt, breachedAt: NOW.toISOString() },
  });

  it('given targets an admin changed, when a ride is booked, then it carries them; with the default targets the event is the spec one', () => {
    const serviceTargets = { normal: { acceptSeconds: 60, deliverSeconds: 600 }, urgent: { acceptSeconds: 30, deliverSeconds: 300 } };
    book
      .given({ ...account, ...settingsSaved(dispatchWith({ serviceTargets })) })
      .when(booking({}), requester)
      .then({ ride: [requested({ serviceTargets })] });
    book
      .given({ ...account, ...settingsSaved(dispatchWith({})) })
      .when(booking({}), requester)
      .then({ ride: [requested()] });
  });

  it('given a ride not accepted by its target, when the timer fires, then the miss is recorded once; fired again it is stale', () => {
    const timer = timerOf([requested() as RideEvent], 'NoteMissedTarget');
    expect(timer?.command).toEqual({
      type: 'NoteMissedTarget',
      data: { rideId: R, target: 'accept', priority: 'normal', dueAt: iso(5 * MINUTE) },
    });
    fire
      .given({ ride: [requested()] })
      .when(timer!.command, SYSTEM)
      .then({ ride: [missed('accept', 'normal', iso(5 * MINUTE))] });
    fire
      .given({ ride: [requested(), missed('accept', 'normal', iso(5 * MINUTE))] })
      .when(timer!.command, SYSTEM)
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });

  it('given a ride accepted in time, or whose priority changed since the timer was armed, when the old acceptance timer fires, then it is stale', () => {
    const command = {
      type: 'NoteMissedTarget' as const,
      data: { rideId: R, target: 'accept' as const, priority: 'normal' as const, dueAt: iso(5 * MINUTE) },
    };
    fire
      .given({ ride: [requested(), plain(rideEvents.accepted(R, 'D1'))] })
      .when(command, SYSTEM)
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    const urgent: RideEvent = {
      type: 'RidePriorityChanged',
      data: { rideId: R, priority: 'urgent', changedBy: 'AD01', changedAt: NOW.toISOString() },
    };
    fire
      .given({ ride: [requested(), urgent] })
      .when(command, SYSTEM)
      .thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
    // The urgent deadline is its own timer: 2 minutes from booking.
    fire
      .given({ ride: [requested(), urgent] })
      .when({ ...command, data: { ...command.data, priority: 'urgent', dueAt: iso(2 * MINUTE) } }, SYSTEM)
      .then({ ride: [missed('accept', 'urgent', iso(2 * MINUTE))] });
  });

  it('given a ride in progress past its delivery target, when the timer fires, then the miss is recorded; after the drop it is stale', () => {
    const deliver = {
      type: 'NoteMissedTarget' as const,
      data: { rideId: R, target: 'deliver' as const, priority: 'normal' as const, dueAt: iso(30 * MINUTE) },
    };
    const carried = [requested(), plain(rideEvents.accepted(R, 'D1'))];
    fire
      .given({ ride: carried })
      .when(deliver, SYSTEM)
      .then({ ride: [missed('deliver', 'normal', iso(30 * MINUTE))] });
    const dropped = [
      ...carried,
      { type: 'RideStarted', data: { rideId: R, driverId: 'D1', startedAt: iso(MINUTE) } },
      { type: 'MaterialPicked', data: { rideId: R, driverId: 'D1', pickedAt: iso(2 * MINUTE) } },
      { type: 'MaterialDropped', data: { rideId: R, driverId: 'D1', droppedAt: iso(3 * MINUTE) } },
    ] as RideEvent[];
    fire.given({ ride: dropped }).when(deliver, SYSTEM).thenThrows(409, SERVER_MESSAGES.actionNotAllowed);
  });

  it('given a ride booked for later, then its targets count from its release, not its booking', () => {
    const scheduled = requested({ scheduledFor: iso(90 * MINUTE), releaseAt: iso(75 * MINUTE) }) as RideEvent;
    expect(timerOf([scheduled], 'NoteMissedTarget')).toBeUndefined();
    const released: RideEvent = { type: 'RideReleased', data: { rideId: R, releasedAt: iso(75 * MINUTE) } };
    expect(timerOf([scheduled, released], 'NoteMissedTarget')?.command.data).toMatchObject({ target: 'accept', dueAt: iso(80 * MINUTE) });
  });
});
