import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  noDriversAssigned,
  noDriversAssignedSpecialTask,
  type Duration,
  type RideLoad,
  type RidePriority,
  type StoredUser,
  type VehicleType,
} from '@plantride/schemas';
import { ApiError } from '../../lib/api-client';
import { bookRide } from './api/book-ride';
import { checkAssigned } from './api/check-assigned';
import { getRequester } from './api/get-requester';
import type { BookingKind } from './booking-validation';
import { scheduledText } from '../../lib/format-date';
import { requesterToast } from './requester-toast';
import { rideKeys } from '../../lib/query-keys';
import type { RideStatusRead } from './api/get-ride-status';
import { useTrackedRide } from './stores/tracked-ride.store';

export interface BookingRequest {
  fromLocation: string;
  toLocation: string;
  vehicleType: VehicleType;
  duration: Duration | null;
  /** Issue #20: 'normal' unless the requester says urgent. */
  priority: RidePriority;
  /** Issue #20: the ISO instant of a ride booked for later; null for now. */
  scheduledFor: string | null;
  /** Issue #32 item 7: what is being moved, as loadSchema gave it; absent when nothing was said. */
  load?: RideLoad;
}

const TEXT = {
  fixed: {
    check: MESSAGES.couldNotCheckDriverAssignment,
    none: noDriversAssigned,
    failed: MESSAGES.failedToBookRide,
    error: MESSAGES.errorBookingRide,
  },
  special: {
    check: MESSAGES.couldNotVerifyDriverAssignment,
    none: noDriversAssignedSpecialTask,
    failed: MESSAGES.failedToBookSpecialTask,
    error: MESSAGES.errorBookingSpecialTask,
  },
} as const;

/**
 * Confirm Request: check a driver is assigned, read the requester's name and mobile, book.
 * A second press while one is running does nothing (SPEC §5); `error` is the form's message.
 */
export function useBookRideFlow(kind: BookingKind, user: StoredUser) {
  const queryClient = useQueryClient();
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const text = TEXT[kind];

  async function book(request: BookingRequest): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setPending(true);
    setError(null);
    try {
      let count: number;
      try {
        count = await checkAssigned(request.vehicleType);
      } catch {
        setError(text.check);
        return false;
      }
      if (count <= 0) {
        setError(text.none(request.vehicleType));
        return false;
      }
      let requester;
      try {
        requester = await getRequester(user.token_no);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) {
          setError(MESSAGES.userNotFound);
          requesterToast.error(MESSAGES.userNotFound);
          return false;
        }
        requester = { FULL_NAME: user.name, MOBILE: '' };
      }
      try {
        const answer = await bookRide({
          userId: user.token_no,
          fromLocation: request.fromLocation,
          toLocation: request.toLocation,
          vehicleType: request.vehicleType,
          rideType: kind === 'special' ? 'Special Task' : 'Regular',
          reqName: requester.FULL_NAME,
          reqMobileNo: requester.MOBILE,
          duration: kind === 'special' ? request.duration : null,
          priority: request.priority,
          ...(request.scheduledFor ? { scheduledFor: request.scheduledFor } : {}),
          ...(request.load ? { load: request.load } : {}),
        });
        const tracked = useTrackedRide.getState();
        if (answer.scheduledFor) {
          // A ride for later is not tracked: the form stays free for a ride now, and it is listed as scheduled.
          tracked.reached(answer.position);
          requesterToast.success(`${scheduledText(answer.scheduledFor, answer.releaseAt)}.`);
          return true;
        }
        // The command's answer says the ride is requested, recorded at `position`: the cache starts from that.
        queryClient.setQueryData<RideStatusRead>(rideKeys.status(answer.rideId), {
          status: 'requested',
          position: answer.position,
          driver: null,
        });
        tracked.track(answer.rideId, kind === 'special' ? 'Special Task' : 'Regular');
        tracked.reached(answer.position);
        requesterToast.success(MESSAGES.newRideBooked);
        return true;
      } catch (e) {
        // A time refused (gone by, or past tomorrow) is told in the engine's words, on the form.
        if (request.scheduledFor && e instanceof ApiError && e.status === 400 && e.serverMessage) {
          setError(e.serverMessage);
          return false;
        }
        requesterToast.error(e instanceof ApiError ? text.failed : text.error);
        return false;
      }
    } finally {
      running.current = false;
      setPending(false);
    }
  }

  return { book, pending, error, setError };
}
