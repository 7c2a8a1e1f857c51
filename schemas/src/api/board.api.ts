import { z } from 'zod';
import { VEHICLE_TYPES } from '../constants';
import { RIDE_PRIORITIES } from '../dispatch';
import { ALERT_KINDS } from '../events/alert.events';
import { DRIVER_PRESENCE_STATES } from './shifts.api';
import { wordedMessage } from './text-fields';

/*
 * The dispatcher board (issue #32 item 4; the spec has none): GET /api/board for admin and maintenance
 * head, from the read models and the engine's roster; POST /api/board/alerts/acknowledge.
 */

const offerSchema = z.object({ driverId: z.string(), driverName: z.string().nullable(), expiresAt: z.string() });

/** A ride no driver carries yet (or again, after a breakdown), oldest first. */
export const boardWaitingRideSchema = z.object({
  rideId: z.string(),
  status: z.string(),
  priority: z.enum(RIDE_PRIORITIES),
  vehicleType: z.string(),
  rideType: z.string(),
  fromLocation: z.string(),
  toLocation: z.string(),
  /** Since when it has waited for a driver: its booking, or its release when booked for later. */
  waitingSince: z.string(),
  /** Whole seconds waited as of the answer's `asOf`. */
  ageSeconds: z.number().int().nonnegative(),
  isRedistributed: z.boolean(),
  /** The offer standing on it now (offer dispatch), if any. */
  offer: offerSchema.nullable(),
});

export const boardDriverSchema = z.object({
  operatorId: z.string(),
  name: z.string(),
  state: z.enum(DRIVER_PRESENCE_STATES),
  rideId: z.string().nullable(),
  /** When the break he is on began (the board shows since when; a break has no length limit); null when not on break. */
  breakSince: z.string().nullable(),
});

/** Drivers on shift (free, busy, on break, or blocked on it) of one vehicle type, with how many are in each state. */
export const boardDriverGroupSchema = z.object({
  vehicleType: z.string(),
  counts: z.object({ free: z.number(), busy: z.number(), onBreak: z.number(), blocked: z.number() }),
  drivers: z.array(boardDriverSchema),
});

/** A maintenance request not yet completed or rejected. */
export const boardBreakdownSchema = z.object({
  requestId: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  vehicleType: z.string(),
  issue: z.string(),
  breakdownType: z.string().nullable(),
  status: z.string(),
  rideId: z.string().nullable(),
  requestedAt: z.string(),
});

/** An alert no staff member has acknowledged yet, with the ride it is about as the rides read model has it. */
export const boardAlertSchema = z.object({
  alertId: z.string(),
  kind: z.enum(ALERT_KINDS),
  rideId: z.string(),
  detail: z.string().nullable(),
  raisedAt: z.string(),
  vehicleType: z.string().nullable(),
  fromLocation: z.string().nullable(),
  toLocation: z.string().nullable(),
  rideStatus: z.string().nullable(),
});

export const alertCountsSchema = z.object({
  waitingTooLong: z.number(),
  targetMissed: z.number(),
  noAlternativeDriver: z.number(),
  total: z.number(),
});
export type AlertCounts = z.infer<typeof alertCountsSchema>;

export const boardAnswerSchema = z.object({
  asOf: z.string(),
  waitingRides: z.array(boardWaitingRideSchema),
  offers: z.array(boardWaitingRideSchema.extend({ offer: offerSchema })),
  drivers: z.array(boardDriverGroupSchema),
  breakdowns: z.array(boardBreakdownSchema),
  alerts: z.array(boardAlertSchema),
  counts: z.object({ waitingRides: z.number(), offers: z.number(), breakdowns: z.number(), alerts: alertCountsSchema }),
});
export type BoardAnswer = z.infer<typeof boardAnswerSchema>;
export type BoardWaitingRide = z.infer<typeof boardWaitingRideSchema>;
export type BoardAlert = z.infer<typeof boardAlertSchema>;

const sayWhichAlert = wordedMessage('Say which alert to acknowledge.');
export const acknowledgeAlertBodySchema = z.object({
  alertId: z.string({ error: sayWhichAlert }).trim().min(1, { error: sayWhichAlert }).max(200, { error: sayWhichAlert }),
});
export const acknowledgeAlertAnswerSchema = z.object({ alertId: z.string(), position: z.number() });
export type AcknowledgeAlertAnswer = z.infer<typeof acknowledgeAlertAnswerSchema>;

/** The board's vehicle types in order: every type, even with nobody on shift (a dispatcher wants to see "no cranes"). */
export const BOARD_VEHICLE_TYPES: readonly string[] = VEHICLE_TYPES;
