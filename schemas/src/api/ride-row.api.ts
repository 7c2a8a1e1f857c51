import { z } from 'zod';
import { rideTypeSchema, vehicleTypeSchema } from '../constants';
import { rideStateNameSchema, rideStatusSchema } from '../ride-status';
import { RIDE_PRIORITIES } from '../dispatch';
import { rideLoadSchema } from '../load';

/**
 * SLA_MET (issue #20), the one rule every ride row, report and KPI follows: false once the ride
 * missed a service target, true when it completed with none missed, otherwise null (still open,
 * or cancelled without a miss).
 */
export function slaMetOf(ride: { completed: boolean; targetMissed: boolean }): boolean | null {
  if (ride.targetMissed) return false;
  return ride.completed ? true : null;
}

/**
 * Ours (issue #20), on every ride row (histories, ongoing, available rides): the ride's priority
 * as it stands, when it is wanted if booked for later (ISO; null otherwise), and SLA_MET
 * ({@link slaMetOf}). The engine always sends them; they are optional only so that an answer from
 * an engine before them still reads.
 */
export const rideServiceShape = {
  PRIORITY: z.enum(RIDE_PRIORITIES).optional(),
  SCHEDULED_FOR: z.string().nullable().optional(),
  /** When a ride booked for later goes (or went) to drivers (ISO); null otherwise. */
  RELEASE_AT: z.string().nullable().optional(),
  SLA_MET: z.boolean().nullable().optional(),
};

/**
 * Ours (issue #32 item 7), on every ride row (histories, ongoing, available rides): what is being moved,
 * as the booking said (null when it said nothing). Optional so an answer from an engine before it still reads.
 */
export const rideLoadShape = {
  LOAD: rideLoadSchema.nullable().optional(),
};

/** Who booked a ride, as shown in the driver's Requester Details popup. */
export const requesterDetailsSchema = z.object({
  userId: z.string(),
  name: z.string(),
  mobile: z.string(),
});
export type RequesterDetails = z.infer<typeof requesterDetailsSchema>;

/**
 * A ride in the server's upper-case form (available rides, ride status). History records
 * use RIDEID for the same id, so both are sent.
 */
export const serverRideSchema = z.object({
  RIDE_ID: z.string(),
  RIDEID: z.string(),
  USER_ID: z.string(),
  DRIVER_ID: z.string().nullable(),
  FROM_LOCATION: z.string(),
  TO_LOCATION: z.string(),
  VEHICLE_TYPE: vehicleTypeSchema,
  RIDE_TYPE: rideTypeSchema,
  STATUS: rideStatusSchema,
  ESTIMATED_TIME: z.number().int(),
  TIMESTAMP: z.string(),
  LOCAL_TIME: z.string().nullable(),
  CREATED_AT: z.string(),
  COMPLETED_AT: z.string().nullable(),
  // '{h}h {m}m' for special tasks.
  DURATION: z.string().nullable(),
  IS_SPECIAL_TASK: z.boolean(),
  IS_REDISTRIBUTED: z.boolean(),
  MAINTENANCE_COMMENT: z.string().nullable(),
  ORIGINAL_DRIVER_ID: z.string().nullable(),
  ORIGINAL_DRIVER_NAME: z.string().nullable(),
  /**
   * Ours: the mobile of the driver whose vehicle broke down, sent with a ride offered for
   * take-over, so whoever takes it can call him to find the vehicle and the material on it.
   */
  ORIGINAL_DRIVER_MOBILE: z.string().nullish(),
  RIDE_STATE: rideStateNameSchema.nullable(),
  REQUESTER_DETAILS: requesterDetailsSchema.nullable(),
  ...rideServiceShape,
  ...rideLoadShape,
  /**
   * Ours (issue #20): in the driver's available rides, whether the ride is offered to him alone and
   * until when (ISO), so any of his devices shows the offer, not only the one that heard rideOffered.
   */
  OFFERED_TO_YOU: z.boolean().optional(),
  OFFER_EXPIRES_AT: z.string().nullable().optional(),
});
export type ServerRide = z.infer<typeof serverRideSchema>;
