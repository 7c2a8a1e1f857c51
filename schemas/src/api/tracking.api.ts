import { z } from 'zod';
import { rideStatusSchema } from '../ride-status';
import { MESSAGES } from '../messages';
import { commandAnswerSchema, idInput } from './common.api';
import { stepDoneAtSchema } from './bookings.api';

/**
 * Answer of GET /api/tracking/ride-status/{rideId}. The driver fields are our addition, so a
 * reload or a second device can show the Driver Details popup; null while no driver has the ride.
 */
export const rideStatusAnswerSchema = z.object({
  STATUS: rideStatusSchema,
  DRIVER_ID: z.string().nullable(),
  DRIVER_NAME: z.string().nullable(),
  DRIVER_MOBILE: z.string().nullable(),
  VEHICLE_NUMBER: z.string().nullable(),
});
export type RideStatusAnswer = z.infer<typeof rideStatusAnswerSchema>;

/** POST /api/tracking/accept-ride; accepting without both ids is 'Invalid parameters'. */
export const acceptRideBodySchema = z.object(
  {
    driverId: idInput(MESSAGES.invalidParameters, 'Driver ID'),
    rideId: idInput(MESSAGES.invalidParameters, 'Ride ID'),
  },
  { error: MESSAGES.invalidParameters },
);
export type AcceptRideBody = z.infer<typeof acceptRideBodySchema>;

/** Answer of POST /api/tracking/accept-ride. */
export const acceptRideAnswerSchema = commandAnswerSchema.extend({ success: z.boolean() });
export type AcceptRideAnswer = z.infer<typeof acceptRideAnswerSchema>;

/** POST /api/tracking/complete-ride */
export const completeRideBodySchema = z.object({ rideId: idInput(MESSAGES.invalidParameters, 'Ride ID'), doneAt: stepDoneAtSchema });
export type CompleteRideBody = z.infer<typeof completeRideBodySchema>;

/** Answer of POST /api/tracking/complete-ride. */
export const completeRideAnswerSchema = commandAnswerSchema;

/** POST /api/tracking/decline-offer (issue #20): the driver a ride is offered to says no. */
export const declineOfferBodySchema = z.object(
  { rideId: idInput(MESSAGES.invalidParameters, 'Ride ID') },
  { error: MESSAGES.invalidParameters },
);
export const declineOfferAnswerSchema = z.object({ message: z.string(), position: z.number() });
