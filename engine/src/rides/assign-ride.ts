import { ASSIGN_MESSAGES, type RideEvent, type RideSnapshot } from '@plantride/schemas';
import type { CommandHandler, StatesOf } from '../commands/command-handler';
import { actorTokenNo, requireActor } from '../commands/actors';
import { DomainError, badRequest, conflict } from '../commands/errors';
import { driverStream } from '../drivers/driver.decider';
import {
  allowed,
  driverFacts,
  eligibleTaker,
  existing,
  release,
  takerStreams,
  type DriverProfile,
  type TakerStreams,
} from './ride.decider';

// Issue #32 item 4: staff give a ride to a driver by hand, or take it back from one and give it to another.

export interface AssignRideCommand {
  type: 'AssignRide';
  /** `driverId`: the operator id of the driver it goes to; `reason`: why, as staff wrote it. */
  data: { rideId: string; driverId: string; reason: string };
}

/** Besides the ride, the driver and his account (and the inspection setting): the driver it is taken back from, if any. */
type AssignStreams = TakerStreams & { previous?: ReturnType<typeof driverStream> };

/** The driver holding the ride now, if it is in progress (taken back from him): null when it waits for one. */
const holderOf = (ride: RideSnapshot): string | null => (ride.hasTag('inProgress') ? ride.context.driverId : null);

/**
 * The offer standing on a ride waiting for a driver, taken back in the same append: staff's choice
 * answers it. (An accepted ride's context still names the offer its driver accepted: nothing stands.)
 */
function withdrawnOffer(ride: RideSnapshot, at: string): RideEvent[] {
  const { offer, rideId } = ride.context;
  return offer && ride.hasTag('awaitingDriver')
    ? [{ type: 'RideOfferWithdrawn', data: { rideId, driverId: offer.driverId, round: offer.round, withdrawnAt: at } }]
    : [];
}

function assigned(
  rideId: string,
  driverId: string,
  profile: DriverProfile,
  fromDriverId: string | null,
  by: string,
  reason: string,
  at: string,
): RideEvent {
  return {
    type: 'RideAssigned',
    data: {
      rideId,
      driverId,
      ...driverFacts(profile),
      fromDriverId,
      assignedBy: by,
      reason,
      assignedAt: at,
    },
  };
}

/**
 * POST /api/rides/{rideId}/assign: an admin or the maintenance head gives the ride, for a reason, to a
 * driver who may take it (the rule a driver's own accept follows, `eligibleTaker`): a ride waiting for
 * one (any offer standing is withdrawn), or one accepted and not yet picked up, taken back from the
 * driver holding it. Where the ride may be assigned is the statechart's word (`RideAssigned`). One
 * append: the ride, the driver it goes to, and the driver it is taken from.
 */
export const assignRide: CommandHandler<AssignRideCommand, AssignStreams> = {
  streams: (command, read) => {
    const holder = read.ride ? holderOf(read.ride) : null;
    return {
      ...takerStreams(command.data.rideId, command.data.driverId),
      ...(holder && holder !== command.data.driverId ? { previous: driverStream(holder) } : {}),
    };
  },
  decide(command, states, { now, actor }) {
    requireActor(actor, 'admin', 'maintenanceHead');
    const { rideId, driverId } = command.data;
    const reason = command.data.reason.trim();
    if (!reason) throw badRequest(ASSIGN_MESSAGES.reasonRequired);
    const ride = existing(states.ride);
    const at = now.toISOString();
    const fromDriverId = holderOf(ride);
    if (fromDriverId === driverId) throw conflict(ASSIGN_MESSAGES.alreadyHis);
    const by = actorTokenNo(actor) ?? 'system';
    const withdrawn = withdrawnOffer(ride, at);
    // The ride's state first: a ride nobody may be given is refused as such, whoever the driver.
    const probe = assigned(
      rideId,
      driverId,
      { name: '', mobile: '', vehicleNumber: null, vehicleType: null },
      fromDriverId,
      by,
      reason,
      at,
    );
    allowed(ride, [...withdrawn, probe], ASSIGN_MESSAGES.rideNotAssignable);
    const { profile, assigned: his } = eligibleTaker(states as StatesOf<TakerStreams>, { rideId, driverId }, 'staff', now);
    const events = allowed(
      ride,
      [...withdrawn, assigned(rideId, driverId, profile, fromDriverId, by, reason, at)],
      ASSIGN_MESSAGES.rideNotAssignable,
    );
    const freed = fromDriverId && states.previous ? release(states.previous, fromDriverId, rideId, 'reassigned') : [];
    return { ride: events, driver: his, ...(freed.length > 0 ? { previous: freed } : {}) };
  },
};

/** Whether the ride may be given to this driver now, by the same rule, and what staff are told if not (the picker's list). */
export function assignability(states: StatesOf<TakerStreams>, rideId: string, driverId: string, now: Date): string | null {
  try {
    eligibleTaker(states, { rideId, driverId }, 'staff', now);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}
