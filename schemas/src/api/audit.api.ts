import { z } from 'zod';
import { TZDate } from '@date-fns/tz';
import { PLANT_TIME_ZONE, rideTypeSchema } from '../constants';
import { resumeStateSchema, rideStatusSchema } from '../ride-status';
import { actorSchema } from '../events/event-metadata';
import { SERVER_MESSAGES } from '../messages';
import { positionSchema } from '../primitives';
import { rideDriverInspectionSchema } from './inspections.api';

const isoDateTime = z.iso.datetime({ offset: true, local: true });
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/;

/**
 * An audit instant: ISO date and time with `Z` or an offset, or without a zone, which is then
 * plant time (what an auditor reads off a screen). Null when it is not such a time.
 */
export function parseAuditTime(text: string): Date | null {
  const trimmed = text.trim();
  if (!isoDateTime.safeParse(trimmed).success) return null;
  const [year, month, day] = trimmed.slice(0, 10).split('-').map(Number) as [number, number, number];
  // The ISO check lets 2026-02-30 through, and Date would roll it into March.
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  const local = LOCAL_TIME.exec(trimmed);
  if (!local) return new Date(trimmed);
  const [hours, minutes, seconds, fraction] = [local[4], local[5], local[6] ?? '0', local[7] ?? '0'];
  const millis = Math.floor(Number(`0.${fraction}`) * 1000);
  return new Date(new TZDate(year, month - 1, day, Number(hours), Number(minutes), Number(seconds), millis, PLANT_TIME_ZONE).getTime());
}

/** GET /api/rides/{rideId}/timeline?at= — `at` limits the answer to the ride as it stood then. */
export const rideTimelineQuerySchema = z.object({
  at: z
    .string({ error: SERVER_MESSAGES.invalidAuditTime })
    .refine((text) => parseAuditTime(text) !== null, SERVER_MESSAGES.invalidAuditTime)
    .optional(),
});
export type RideTimelineQuery = z.infer<typeof rideTimelineQuerySchema>;

/** The ride statechart after an event: the spec's status string and the machine's own state value. */
export const rideStateSchema = z.object({
  status: rideStatusSchema.nullable(),
  // The ride machine nests one level deep: 'requested' or { inProgress: 'started' }.
  value: z.union([z.string(), z.record(z.string(), z.string())]),
});
export type RideState = z.infer<typeof rideStateSchema>;

/** One event of a ride's stream, with who caused it and where it left the ride. */
export const timelineEventSchema = z.object({
  position: positionSchema,
  streamPosition: z.number().int().positive(),
  /** When the store recorded it (ISO). */
  time: z.string(),
  actor: actorSchema,
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  state: rideStateSchema,
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

const timestamp = z.string().nullable();

/** The ride folded from the events of a timeline answer. */
export const rideAsOfSchema = rideStateSchema.extend({
  rideType: rideTypeSchema,
  vehicleType: z.string(),
  fromLocation: z.string(),
  toLocation: z.string(),
  estimatedMinutes: z.number(),
  durationMinutes: z.number().nullable(),
  requester: z.object({ tokenNo: z.string(), name: z.string(), mobile: z.string() }),
  driver: z
    .object({ tokenNo: z.string(), name: z.string().nullable(), mobile: z.string().nullable(), vehicleNumber: z.string().nullable() })
    .nullable(),
  /** The driver who broke down, once the ride was redistributed. */
  originalDriverId: z.string().nullable(),
  resumeState: resumeStateSchema.nullable(),
  timestamps: z.object({
    requestedAt: timestamp,
    acceptedAt: timestamp,
    startedAt: timestamp,
    pickedAt: timestamp,
    droppedAt: timestamp,
    endedAt: timestamp,
    cancelledAt: timestamp,
  }),
});
export type RideAsOf = z.infer<typeof rideAsOfSchema>;

/**
 * Answer of GET /api/rides/{rideId}/timeline, replayed from the ride's stream. With `at`, only the
 * events recorded up to and including that instant, and the ride as they leave it; a time before the
 * ride was requested answers `events: []` and `ride: null` (an unknown ride is a 404 instead).
 */
export const rideTimelineAnswerSchema = z.object({
  rideId: z.string(),
  /** The instant asked for (ISO), or null for the whole stream. */
  at: z.string().nullable(),
  events: z.array(timelineEventSchema),
  ride: rideAsOfSchema.nullable(),
  /**
   * Ours (issue #21): each driver who took the ride (accepted it or took it over, in that order, once
   * each), with his latest inspection on the plant day he took it, at or before taking it; null if none.
   */
  inspections: z.array(rideDriverInspectionSchema),
  /**
   * Ours (issue #34): the photos filed with each maintenance request that handed the ride over (a
   * mid-ride breakdown) within the events shown, in their order; only requests with photos.
   */
  breakdownPhotos: z.array(z.object({ requestId: z.string(), driverId: z.string(), photoIds: z.array(z.string()) })).default([]),
});
export type RideTimelineAnswer = z.infer<typeof rideTimelineAnswerSchema>;

/** Path of the staff audit feed (WebSocket). */
export const AUDIT_FEED_PATH = '/api/events/stream';

/** Close codes of the audit feed beside the standard ones. */
export const AUDIT_FEED_CLOSE_CODES = {
  /** The session the feed was opened with ended (sign-out, block, role change). */
  sessionEnded: 4401,
} as const;

/** Query of the audit feed: `from` is the global position after which to start (0: from the beginning). */
export const auditFeedQuerySchema = z.object({
  from: z.coerce
    .number({ error: SERVER_MESSAGES.invalidFeedPosition })
    .int(SERVER_MESSAGES.invalidFeedPosition)
    .nonnegative(SERVER_MESSAGES.invalidFeedPosition)
    .max(Number.MAX_SAFE_INTEGER, SERVER_MESSAGES.invalidFeedPosition)
    .default(0),
});
export type AuditFeedQuery = z.infer<typeof auditFeedQuerySchema>;

/** One message of the audit feed: a store event as stored, secrets taken out of its data. */
export const auditFeedMessageSchema = z.object({
  position: positionSchema,
  streamId: z.string(),
  streamPosition: z.number().int().positive(),
  type: z.string(),
  schemaVersion: z.number().int().positive(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.object({
    actor: actorSchema,
    correlationId: z.string().nullable(),
    causationId: z.string().nullable(),
  }),
  recordedAt: z.string(),
});
export type AuditFeedMessage = z.infer<typeof auditFeedMessageSchema>;
