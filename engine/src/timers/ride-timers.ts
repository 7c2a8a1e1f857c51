import { SLA_TARGETS, canApply, slaDueAt, type RideEvent, type RideSnapshot } from '@plantride/schemas';
import { timerIdPart, type Timer } from './timer-port';

/** How long each deadline is; the engine's configuration (REASSIGN_TIMEOUT_MS, RIDE_WAIT_ALERT_MS). */
export interface RideTimerSettings {
  /** After a breakdown, and again after each notice, until the ride is taken over or cancelled. */
  reassignTimeoutMs: number;
  /** A ride still requested this long after booking. */
  rideWaitAlertMs: number;
  /** Length of one booked Special Task minute: 60 000, shorter only in tests. */
  specialTaskMinuteMs: number;
}

const at = (iso: string, plusMs: number) => new Date(Date.parse(iso) + plusMs);

/**
 * The timers a ride needs as it stands: a pure function of its events and the settings, so the
 * reactor, the reconciler and a restart all arrive at the same ids and deadlines. Each timer is
 * armed when the statechart would accept the event it fires (`can`): the machine's guards say
 * whether a deadline still stands, here as when the timer fires.
 */
export function rideTimers(ride: RideSnapshot, settings: RideTimerSettings): Timer[] {
  const c = ride.context;
  const rideId = c.rideId;
  const id = (...parts: Array<string | number>) => parts.map((part) => timerIdPart(String(part))).join('-');
  const timers: Timer[] = [];
  const stands = (event: RideEvent, due: Date) => canApply(ride, event) && due;
  // Counted from when the ride went to dispatch: its booking, or its release when booked for later.
  if (c.requestedAt && c.waitingSince) {
    const dueAt = at(c.waitingSince, settings.rideWaitAlertMs);
    const due = dueAt.toISOString();
    if (stands({ type: 'RideWaitAlerted', data: { rideId, requestedAt: c.requestedAt, dueAt: due, alertedAt: due } }, dueAt)) {
      timers.push({ id: id('wait', rideId), dueAt, command: { type: 'AlertWaitingRide', data: { rideId, dueAt: due } } });
    }
  }
  if (c.redistributedAt) {
    const notice = c.reassignmentNotices + 1;
    // The first notice counts from the breakdown; each later one was scheduled by the notice before it.
    const dueAt = notice === 1 || !c.nextNoticeDueAt ? at(c.redistributedAt, settings.reassignTimeoutMs) : new Date(c.nextNoticeDueAt);
    const due = dueAt.toISOString();
    const overdue: RideEvent = {
      type: 'ReassignmentOverdue',
      data: { rideId, redistribution: c.redistributions, notice, dueAt: due, nextDueAt: due, notedAt: due },
    };
    if (stands(overdue, dueAt)) {
      timers.push({
        id: id('reassign', rideId, c.redistributions, notice),
        dueAt,
        command: {
          type: 'NoteNoAlternativeDriver',
          data: { rideId, redistribution: c.redistributions, notice, dueAt: due, periodMs: settings.reassignTimeoutMs },
        },
      });
    }
  }
  if (c.startedAt && c.durationMinutes !== null && c.driverId) {
    const dueAt = at(c.startedAt, c.durationMinutes * settings.specialTaskMinuteMs);
    const due = dueAt.toISOString();
    const overran: RideEvent = {
      type: 'SpecialTaskOverran',
      data: { rideId, driverId: c.driverId, startedAt: c.startedAt, durationMinutes: c.durationMinutes, dueAt: due, overranAt: due },
    };
    if (stands(overran, dueAt))
      timers.push({ id: id('overrun', rideId), dueAt, command: { type: 'NoteSpecialTaskOverrun', data: { rideId, dueAt: due } } });
  }
  // Offer dispatch (issue #20): the offer standing lapses at its expiry.
  if (c.offer) {
    const { driverId, round, expiresAt } = c.offer;
    const dueAt = new Date(expiresAt);
    const expired: RideEvent = { type: 'RideOfferExpired', data: { rideId, driverId, round, expiredAt: expiresAt } };
    if (stands(expired, dueAt))
      timers.push({
        id: id('offer', rideId, round),
        dueAt,
        command: { type: 'ExpireOffer', data: { rideId, driverId, round, dueAt: expiresAt } },
      });
  }
  // Issue #20: a ride booked for later goes to dispatch at its release time.
  if (c.releaseAt) {
    const dueAt = new Date(c.releaseAt);
    if (stands({ type: 'RideReleased', data: { rideId, releasedAt: c.releaseAt } }, dueAt)) {
      timers.push({ id: id('release', rideId), dueAt, command: { type: 'ReleaseScheduledRide', data: { rideId, dueAt: c.releaseAt } } });
    }
  }
  // Issue #20: each service target at the ride's priority as it stands (a new priority, a new deadline).
  for (const target of SLA_TARGETS) {
    const due = slaDueAt(c, target);
    if (due === null) continue;
    const dueAt = new Date(due);
    const missed: RideEvent = { type: 'RideSlaBreached', data: { rideId, target, priority: c.priority, dueAt: due, breachedAt: due } };
    if (stands(missed, dueAt))
      timers.push({
        id: id('sla', target, rideId, c.priority),
        dueAt,
        command: { type: 'NoteMissedTarget', data: { rideId, target, priority: c.priority, dueAt: due } },
      });
  }
  return timers;
}
