import { useState } from 'react';
import { toast } from '../../lib/toast';
import { MESSAGES, type ServerRide } from '@plantride/schemas';
import { ApiError, messageOf } from '../../lib/api-client';
import { enqueue, waitingForNetwork } from '../../lib/offline-queue';
import { useAcceptRide } from './api/accept-ride';
import { useTakeOverRide } from './api/take-over-ride';

/** What a ride needs for Accept or Take Over; an offer card has no more than these. */
export type TakeableRide = Pick<ServerRide, 'RIDE_ID' | 'IS_REDISTRIBUTED' | 'RIDE_STATE'>;

/** accepted; refused (taken, cancelled, no longer his); queued offline; or not sent (blocked, busy, no answer). */
export type TakeOutcome = 'accepted' | 'refused' | 'queued' | 'not sent';

/**
 * Accept Ride, or Take Over Ride for a redistributed one (which resumes at its recorded state).
 * `onMoved` gets the store position of the answer, or null when the lists must simply be read again.
 */
export function useTakeRide(driverId: string, blocked: boolean, onMoved: (position: number | null) => void) {
  const accept = useAcceptRide();
  const takeOver = useTakeOverRide();
  const [busyRideId, setBusyRideId] = useState<string | null>(null);

  async function take(ride: TakeableRide): Promise<TakeOutcome> {
    if (blocked) {
      toast.info(MESSAGES.blockedCannotAccept);
      return 'not sent';
    }
    if (busyRideId) return 'not sent';
    // No network: the tap waits in the offline queue and goes (or is refused, if someone took the ride) when it returns.
    if (!navigator.onLine) {
      queueTake(driverId, ride);
      return 'queued';
    }
    setBusyRideId(ride.RIDE_ID);
    try {
      if (ride.IS_REDISTRIBUTED) {
        const answer = await takeOver.mutateAsync({ rideId: ride.RIDE_ID, newDriverId: driverId, currentState: ride.RIDE_STATE });
        toast.success(MESSAGES.redistributedRideAccepted);
        onMoved(answer.position);
      } else {
        const answer = await accept.mutateAsync({ driverId, rideId: ride.RIDE_ID });
        toast.success(MESSAGES.rideAccepted);
        onMoved(answer.position);
      }
      return 'accepted';
    } catch (error) {
      const text = messageOf(error, MESSAGES.failedToAcceptRide);
      if (text === MESSAGES.blockedCannotAccept) toast.info(text);
      else toast.error(text);
      // Someone else took it, or it was cancelled: show the lists as they are now.
      if (error instanceof ApiError) {
        onMoved(null);
        return 'refused';
      }
      return 'not sent';
    } finally {
      setBusyRideId(null);
    }
  }

  return { busyRideId, take };
}

/** Accept (or Take Over) tapped offline: queued with its key, the driver told it waits for the network. */
function queueTake(driverId: string, ride: TakeableRide): void {
  const command = ride.IS_REDISTRIBUTED
    ? {
        path: '/api/maintenance/accept-redistributed-ride',
        body: ride.RIDE_STATE
          ? { rideId: ride.RIDE_ID, newDriverId: driverId, currentState: ride.RIDE_STATE }
          : { rideId: ride.RIDE_ID, newDriverId: driverId },
        label: 'messages.takeOverRide',
        doneMessage: MESSAGES.redistributedRideAccepted,
      }
    : {
        path: '/api/tracking/accept-ride',
        body: { driverId, rideId: ride.RIDE_ID },
        label: 'messages.acceptRide',
        doneMessage: MESSAGES.rideAccepted,
      };
  enqueue({ ...command, owner: driverId, method: 'POST', tag: `take:${ride.RIDE_ID}` });
  toast.info(waitingForNetwork(command));
}
