import { canApply, slaDueAt, type RideContext, type RideEvent, type RideSnapshot, type StepClock } from '@plantride/schemas';

/**
 * Issue #32 item 2: a step is timed when it was tapped, not when the engine heard it. A step tapped in a
 * Wi-Fi dead zone waits on the phone and arrives at reconnect with the time of the tap (`doneAt`); the
 * engine takes that time only within sane bounds, else it uses its own and records what the phone said
 * and why. The bounds:
 * - not before the ride's previous step (its acceptance, take-over or last step);
 * - not in the future: a tap up to STEP_CLOCK_SKEW_MS ahead is the phone's clock running a little fast
 *   and is taken as heard now, without a refusal; further ahead is refused;
 * - not older than STEP_TAP_MAX_AGE_MS (a shift): a queue kept on a phone for longer than that is not a
 *   time anyone can vouch for.
 */
export const STEP_TAP_MAX_AGE_MS = 12 * 60 * 60 * 1000;
export const STEP_CLOCK_SKEW_MS = 5_000;

/** The ride's latest recorded moment a step of its driver must not precede. */
function previousStepTime(c: RideContext): number {
  const times = [c.acceptedAt, c.takenOverAt, c.startedAt, c.pickedAt, c.droppedAt].filter((time): time is string => time !== null);
  return Math.max(...times.map((time) => Date.parse(time)), Number.NEGATIVE_INFINITY);
}

/** The time a step is recorded at, and its clock (what the event says of the tap and of when it was heard). */
export function stepTime(c: RideContext, doneAt: string | undefined, now: Date): { at: string; clock: StepClock } {
  const heard = now.toISOString();
  if (doneAt === undefined) return { at: heard, clock: {} };
  const tapped = Date.parse(doneAt);
  const tappedAt = new Date(tapped).toISOString();
  const refused = (tapRefused: StepClock['tapRefused']) => ({ at: heard, clock: { tappedAt, tapRefused } });
  if (tapped > now.getTime() + STEP_CLOCK_SKEW_MS) return refused('in the future');
  if (tapped >= now.getTime()) return { at: heard, clock: {} };
  if (tapped < previousStepTime(c)) return refused('before the previous step');
  if (now.getTime() - tapped > STEP_TAP_MAX_AGE_MS) return refused('too old');
  return { at: tappedAt, clock: { heardAt: heard } };
}

/**
 * A drop tapped by the delivery deadline that reached the engine after the deadline's timer recorded
 * the target missed (issue #32 item 2): the event taking the miss back, for the drop's own append, when
 * the statechart takes it (its `dropMetTarget` guard is the rule); else nothing.
 */
export function deliverMissWithdrawal(delivered: RideSnapshot, now: Date): RideEvent[] {
  const c = delivered.context;
  const dueAt = slaDueAt(c, 'deliver');
  if (c.droppedAt === null || dueAt === null) return [];
  const withdrawal: RideEvent = {
    type: 'RideSlaMissWithdrawn',
    data: {
      rideId: c.rideId,
      target: 'deliver',
      dueAt,
      droppedAt: c.droppedAt,
      acceptMissed: c.acceptBreachedAt !== null,
      withdrawnAt: now.toISOString(),
    },
  };
  return canApply(delivered, withdrawal) ? [withdrawal] : [];
}
