import { MESSAGES, type PushNotification } from '@plantride/schemas';
import { reaches, type LiveEmit } from '../live/ride-socket-events';

/*
 * Which socket events also go out as a push (issue #34 item 1), and as what. A push goes where its
 * socket event goes: the same rooms, worked out by the one mapping (ride-socket-events.ts), so a
 * phone in a pocket hears what the open app would have. Nothing here decides who may take a ride.
 */

export const PUSH_TEXT = {
  offerTitle: 'Ride offered to you',
  rideTitle: MESSAGES.newRideBooked,
  redistributedTitle: 'A ride needs a new driver',
  breakdownTitle: 'Breakdown reported',
  missedTargetTitle: 'Service target missed',
  route: (from: string, to: string) => `${from} → ${to}`,
  timeLeft: (seconds: number) => `answer within ${seconds} s`,
  brokeDown: (driverName: string) => `${driverName}'s vehicle broke down`,
} as const;

/** One push an event may send, and to whom: the socket event's rooms; `freeDrivers`, only drivers free to take a ride now. */
export interface PushPlan {
  emit: LiveEmit;
  notification: PushNotification;
  /**
   * A ride announced to a vehicle type's room reaches every driver of that type; a push to one off
   * shift, on break or busy would wake him for nothing. His presence is what the driver decider
   * recorded (the roster): the push is not a permission, accepting decides as ever.
   */
  freeDrivers: boolean;
}

const secondsUntil = (iso: string, now: Date) => Math.max(0, Math.round((Date.parse(iso) - now.getTime()) / 1000));

function planOf(emit: LiveEmit, now: Date): PushPlan | null {
  const note = (notification: Omit<PushNotification, 'expiresAt'> & { expiresAt?: string }, freeDrivers = false): PushPlan => ({
    emit,
    notification: { expiresAt: null, ...notification },
    freeDrivers,
  });
  switch (emit.name) {
    case 'rideOffered': {
      const { rideId, fromLocation, toLocation, expiresAt } = emit.payload;
      const body = `${PUSH_TEXT.route(fromLocation, toLocation)} · ${PUSH_TEXT.timeLeft(secondsUntil(expiresAt, now))}`;
      return note({ kind: 'offer', title: PUSH_TEXT.offerTitle, body, tag: `ride-${rideId}`, url: '/driver', expiresAt });
    }
    case 'newRideRequest': {
      const { rideId, fromLocation, toLocation } = emit.payload;
      const body = PUSH_TEXT.route(fromLocation, toLocation);
      return note({ kind: 'ride', title: PUSH_TEXT.rideTitle, body, tag: `ride-${rideId}`, url: '/driver' }, true);
    }
    case 'redistributedRide': {
      const { rideId, fromLocation, toLocation, originalDriverName } = emit.payload;
      const body = `${PUSH_TEXT.route(fromLocation, toLocation)} · ${PUSH_TEXT.brokeDown(originalDriverName)}`;
      return note({ kind: 'redistributed', title: PUSH_TEXT.redistributedTitle, body, tag: `ride-${rideId}`, url: '/driver' }, true);
    }
    case 'newMaintenanceRequest': {
      const { requestId, message } = emit.payload;
      return note({
        kind: 'breakdown',
        title: PUSH_TEXT.breakdownTitle,
        body: message ?? '',
        tag: `maintenance-${requestId}`,
        url: '/requests',
      });
    }
    case 'rideSlaBreached': {
      const { rideId, message } = emit.payload;
      return note({ kind: 'missedTarget', title: PUSH_TEXT.missedTargetTitle, body: message, tag: `target-${rideId}`, url: '/board' });
    }
    default:
      return null;
  }
}

/** The pushes one store event's socket events may send, most telling first (an offer before the same ride's announcement). */
export function pushPlans(emits: readonly LiveEmit[], now: Date): PushPlan[] {
  const plans = emits.flatMap((emit) => planOf(emit, now) ?? []);
  return plans.sort((a, b) => RANK.indexOf(a.notification.kind) - RANK.indexOf(b.notification.kind));
}

const RANK: readonly PushNotification['kind'][] = ['offer', 'redistributed', 'ride', 'breakdown', 'missedTarget'];

export interface PushRecipient {
  /** The rooms his sockets would join now (live-rooms.ts). */
  rooms: ReadonlySet<string>;
  /** Whether he is a driver free to take a ride now, as the roster records him. */
  free: boolean;
}

/** The one push a device gets for an event: the first plan that reaches it, or none. */
export function pushFor(plans: readonly PushPlan[], recipient: PushRecipient): PushNotification | null {
  const plan = plans.find((candidate) => reaches(candidate.emit, recipient.rooms) && (!candidate.freeDrivers || recipient.free));
  return plan?.notification ?? null;
}
