import { useState } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES, type ServerRide } from '@plantride/schemas';
import { ApiError, messageOf } from '../../lib/api-client';
import { useAcceptRide } from './api/accept-ride';
import { useTakeOverRide } from './api/take-over-ride';

/**
 * Accept Ride, or Take Over Ride for a redistributed one (which resumes at its recorded state).
 * `onMoved` gets the store position of the answer, or null when the lists must simply be read again.
 */
export function useTakeRide(driverId: string, blocked: boolean, onMoved: (position: number | null) => void) {
  const accept = useAcceptRide();
  const takeOver = useTakeOverRide();
  const [busyRideId, setBusyRideId] = useState<string | null>(null);

  async function take(ride: ServerRide) {
    if (blocked) {
      toast.info(MESSAGES.blockedCannotAccept);
      return;
    }
    if (busyRideId) return;
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
    } catch (error) {
      const text = messageOf(error, MESSAGES.failedToAcceptRide);
      if (text === MESSAGES.blockedCannotAccept) toast.info(text);
      else toast.error(text);
      // Someone else took it, or it was cancelled: show the lists as they are now.
      if (error instanceof ApiError) onMoved(null);
    } finally {
      setBusyRideId(null);
    }
  }

  return { busyRideId, take };
}
