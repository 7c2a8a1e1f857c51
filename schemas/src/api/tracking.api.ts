import { z } from 'zod';
import { rideStatusSchema } from '../constants';
import { MESSAGES } from '../messages';
import { commandAnswerSchema, idInput } from './common.api';

/** Answer of GET /api/tracking/ride-status/{rideId}. */
export const rideStatusAnswerSchema = z.object({ STATUS: rideStatusSchema });
export type RideStatusAnswer = z.infer<typeof rideStatusAnswerSchema>;

/** POST /api/tracking/accept-ride; accepting without both ids is 'Invalid parameters'. */
export const acceptRideBodySchema = z.object(
  {
    driverId: idInput(MESSAGES.invalidParameters),
    rideId: idInput(MESSAGES.invalidParameters),
  },
  { error: MESSAGES.invalidParameters },
);
export type AcceptRideBody = z.infer<typeof acceptRideBodySchema>;

/** Answer of POST /api/tracking/accept-ride. */
export const acceptRideAnswerSchema = commandAnswerSchema.extend({ success: z.boolean() });
export type AcceptRideAnswer = z.infer<typeof acceptRideAnswerSchema>;

/** POST /api/tracking/complete-ride */
export const completeRideBodySchema = z.object({ rideId: idInput(MESSAGES.invalidParameters) });
export type CompleteRideBody = z.infer<typeof completeRideBodySchema>;

/** Answer of POST /api/tracking/complete-ride. */
export const completeRideAnswerSchema = commandAnswerSchema;
