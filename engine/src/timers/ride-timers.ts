import type { RideSnapshot } from '@plantride/schemas';
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
 * The timers a ride needs as it stands: a pure function of its events (through the statechart) and
 * the settings, so the reactor, the reconciler and a restart all arrive at the same ids and deadlines.
 */
export function rideTimers(ride: RideSnapshot, settings: RideTimerSettings): Timer[] {
  const c = ride.context;
  const rideId = c.rideId;
  const id = (...parts: Array<string | number>) => parts.map((part) => timerIdPart(String(part))).join('-');
  const timers: Timer[] = [];
  if (ride.value === 'requested' && c.waitAlertedAt === null && c.requestedAt) {
    const dueAt = at(c.requestedAt, settings.rideWaitAlertMs);
    timers.push({ id: id('wait', rideId), dueAt, command: { type: 'AlertWaitingRide', data: { rideId, dueAt: dueAt.toISOString() } } });
  }
  if (ride.value === 'waitingForReassignment' && c.redistributedAt) {
    const notice = c.reassignmentNotices + 1;
    // The first notice counts from the breakdown; each later one was scheduled by the notice before it.
    const dueAt = notice === 1 || !c.nextNoticeDueAt ? at(c.redistributedAt, settings.reassignTimeoutMs) : new Date(c.nextNoticeDueAt);
    timers.push({
      id: id('reassign', rideId, c.redistributions, notice),
      dueAt,
      command: { type: 'NoteNoAlternativeDriver', data: { rideId, redistribution: c.redistributions, notice, dueAt: dueAt.toISOString(), periodMs: settings.reassignTimeoutMs } },
    });
  }
  const inProgress = typeof ride.value === 'object';
  if (inProgress && c.rideType === 'Special Task' && c.durationMinutes !== null && c.startedAt && c.overranAt === null) {
    const dueAt = at(c.startedAt, c.durationMinutes * settings.specialTaskMinuteMs);
    timers.push({ id: id('overrun', rideId), dueAt, command: { type: 'NoteSpecialTaskOverrun', data: { rideId, dueAt: dueAt.toISOString() } } });
  }
  return timers;
}
