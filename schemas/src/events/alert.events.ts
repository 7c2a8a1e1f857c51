import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../primitives';
import { defineEvent } from './define-event';
import type { RideEvent } from './ride.events';

/**
 * The dispatcher board's alerts (issue #32 item 4): what the ride timers recorded, kept until a staff
 * member acknowledges it. An alert is raised by a ride event the timers already write; only its
 * acknowledgement is an event of its own.
 */
export const ALERT_KINDS = ['waitingTooLong', 'targetMissed', 'noAlternativeDriver'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** A staff member (`acknowledgedBy`, his token number) took note of an alert: it leaves the open list for everyone. */
export const alertAcknowledgedSchema = defineEvent('AlertAcknowledged', {
  alertId: idSchema,
  rideId: idSchema,
  kind: z.enum(ALERT_KINDS),
  acknowledgedBy: z.string().min(1),
  acknowledgedAt: isoDateTimeSchema,
});

/** Any event of an `alert-{alertId}` stream. */
export const alertEventSchema = z.discriminatedUnion('type', [alertAcknowledgedSchema]);
export type AlertAcknowledged = z.infer<typeof alertAcknowledgedSchema>;
export type AlertEvent = z.infer<typeof alertEventSchema>;

// Bump a version only with an upcaster for the old shape; stored events are never rewritten.
export const ALERT_EVENT_SCHEMA_VERSIONS = { AlertAcknowledged: 1 } as const satisfies Record<AlertEvent['type'], number>;

export const alertStreamId = (alertId: string): string => `alert-${alertId}`;

/** An alert as a ride event raised it. */
export interface RaisedAlert {
  alertId: string;
  kind: AlertKind;
  rideId: string;
  /** The missed target ('accept' or 'deliver'), or which breakdown nobody took the ride over after; null for a wait alert. */
  detail: string | null;
  raisedAt: string;
}

/**
 * The alert a ride event raises, if any, under one id each: a ride's wait alert (once), each missed
 * target (once each), and each breakdown nobody took it over after (its later notices are the same alert).
 */
export function alertRaisedBy(event: RideEvent): RaisedAlert | null {
  switch (event.type) {
    case 'RideWaitAlerted':
      return {
        alertId: `${event.data.rideId}.wait`,
        kind: 'waitingTooLong',
        rideId: event.data.rideId,
        detail: null,
        raisedAt: event.data.alertedAt,
      };
    case 'RideSlaBreached':
      return {
        alertId: `${event.data.rideId}.${event.data.target}`,
        kind: 'targetMissed',
        rideId: event.data.rideId,
        detail: event.data.target,
        raisedAt: event.data.breachedAt,
      };
    case 'ReassignmentOverdue':
      return {
        alertId: `${event.data.rideId}.reassign-${event.data.redistribution}`,
        kind: 'noAlternativeDriver',
        rideId: event.data.rideId,
        detail: String(event.data.redistribution),
        raisedAt: event.data.notedAt,
      };
    default:
      return null;
  }
}

/**
 * The alert a ride event takes back, if any: a missed delivery target whose drop, tapped in time,
 * reached the engine late (issue #32 item 2). It leaves the board, open or acknowledged.
 */
export function alertWithdrawnBy(event: RideEvent): string | null {
  return event.type === 'RideSlaMissWithdrawn' ? `${event.data.rideId}.${event.data.target}` : null;
}

/** The ride event types that take an alert back. */
export const ALERT_WITHDRAWING_TYPES = ['RideSlaMissWithdrawn'] as const satisfies readonly RideEvent['type'][];

/** The ride event types that raise an alert. */
export const ALERT_RAISING_TYPES = [
  'RideWaitAlerted',
  'RideSlaBreached',
  'ReassignmentOverdue',
] as const satisfies readonly RideEvent['type'][];
