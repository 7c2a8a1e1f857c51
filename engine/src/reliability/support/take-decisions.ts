import { BREAK_MESSAGES, INSPECTION_MESSAGES, MESSAGES, SERVER_MESSAGES, plantDayOf } from '@plantride/schemas';
import type { App } from '../../app';
import { acceptRide, takeOverRide, type AcceptRideCommand, type TakeOverRideCommand } from '../../rides/ride.decider';
import { dryRun, type StoreReader } from '../../test-support/dry-run';

/** A driver's two ways of taking a ride: accepting a requested one, taking over a redistributed one. */
export type Take = 'accept' | 'take over';
const TAKES: readonly Take[] = ['accept', 'take over'];

type TakerStates = Parameters<typeof acceptRide.decide>[1];

/**
 * The refusals that are about the driver, not the ride: the list (`available-rides`) does not look at
 * them, his Accept says them (docs/DECISIONS.md, "A driver's list is the ride's side of the take rule").
 */
export const DRIVER_SIDE_REFUSALS = [
  { status: 403, message: MESSAGES.blockedCannotAccept, why: 'may not drive now (blocked for maintenance, Not Active or no access)' },
  { status: 403, message: INSPECTION_MESSAGES.inspectionRequired, why: "has not passed today's vehicle inspection" },
  { status: 409, message: SERVER_MESSAGES.driverHasOngoingRide, why: 'holds another ride' },
  { status: 409, message: BREAK_MESSAGES.onBreak, why: 'is on break' },
] as const;

export const driverSideReason = (refusal: { status: number; message: string }) =>
  DRIVER_SIDE_REFUSALS.find((known) => known.status === refusal.status && known.message === refusal.message)?.why ?? null;

/** What the decider says of one driver and one ride. */
export interface TakeDecision {
  /** The take it grants him now, if any. */
  granted: Take | null;
  /** The take it would grant him were he free to drive: on no maintenance block, Active, with access, inspected today, holding no ride, not on break. */
  rideSide: Take | null;
  /** Why it refuses him `rideSide` now, if it does (for a reason about him only, when the views agree). */
  refusal: { status: number; message: string } | null;
}

/** The commands the routes build (tracking.routes.ts, maintenance-rides.routes.ts); the inspection setting is read from its stream. */
function command(take: Take, rideId: string, driverId: string): AcceptRideCommand | TakeOverRideCommand {
  return take === 'accept'
    ? { type: 'AcceptRide', data: { rideId, driverId } }
    : // A client that does not say where it believes the ride stands (no currentState): the ride's own word.
      { type: 'TakeOverRide', data: { rideId, driverId, resumeState: null } };
}

/**
 * The states the decider reads, with the driver's own standing made ready (not on break either): the same decision, asked
 * "were he free to drive", so what is left is the ride's side of the rule. Copies; never mutates.
 */
function freeToDrive(now: Date) {
  return (states: TakerStates): TakerStates => {
    const { driver, account } = states;
    return {
      ...states,
      account: account && { ...account, isBlocked: false },
      driver: {
        ...driver,
        blockedFor: null,
        accessActive: true,
        ongoingRideId: null,
        breakStartedAt: null,
        lastPassedInspectionDay: plantDayOf(now),
        record: driver.record && { ...driver.record, status: 'Active' },
      },
    };
  };
}

async function decide(app: App, reader: StoreReader, take: Take, rideId: string, driverId: string, now: Date, ready: boolean) {
  const context = { now, actor: { tokenNo: driverId, role: 'driver' as const } };
  const given = ready ? { given: freeToDrive(now) } : {};
  return take === 'accept'
    ? dryRun(reader, acceptRide, command(take, rideId, driverId) as AcceptRideCommand, context, given)
    : dryRun(reader, takeOverRide, command(take, rideId, driverId) as TakeOverRideCommand, context, given);
}

/** The decider's word on a driver taking each of these rides, now and were he free to drive; nothing is appended. */
export async function takeDecisions(
  app: App,
  reader: StoreReader,
  driverId: string,
  rideIds: readonly string[],
  now: Date,
): Promise<Map<string, TakeDecision>> {
  const decisions = new Map<string, TakeDecision>();
  for (const rideId of rideIds) {
    const decision: TakeDecision = { granted: null, rideSide: null, refusal: null };
    for (const take of TAKES) {
      const real = await decide(app, reader, take, rideId, driverId, now, false);
      if (real.granted) decision.granted = take;
      if ((await decide(app, reader, take, rideId, driverId, now, true)).granted) {
        decision.rideSide = take;
        decision.refusal = real.granted ? null : { status: real.status, message: real.message };
      }
    }
    decisions.set(rideId, decision);
  }
  return decisions;
}
