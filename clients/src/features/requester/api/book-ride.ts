import { useMutation } from '@tanstack/react-query';
import {
  bookRideAnswerSchema,
  type BookRideAnswer,
  type Duration,
  type RideLoad,
  type RidePriority,
  type RideType,
  type VehicleType,
} from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export interface BookRideInput {
  userId: string;
  fromLocation: string;
  toLocation: string;
  vehicleType: VehicleType;
  rideType: RideType;
  reqName: string;
  reqMobileNo: string;
  duration: Duration | null;
  priority: RidePriority;
  /** Issue #20: an ISO instant later today or tomorrow (plant time); left out for a ride wanted now. */
  scheduledFor?: string;
  /** Issue #32 item 7: what is being moved; left out when nothing was said. */
  load?: RideLoad;
}

export function bookRide(input: BookRideInput): Promise<BookRideAnswer> {
  return api('/api/bookings/book-ride', { method: 'POST', body: input, schema: bookRideAnswerSchema });
}

export function useBookRide() {
  return useMutation({ mutationFn: bookRide });
}
