import { z } from 'zod';
import { wordedMessage } from './api/text-fields';
import { plantDayOf, shiftDay } from './api/kpis.api';
import { SERVER_MESSAGES } from './messages';
import { sameJson } from './same-json';

/*
 * How rides reach drivers (issue #20). 'broadcast' is the spec's: every driver of the vehicle type
 * hears every ride and the first to accept takes it. 'offer' offers a ride to one on-shift, free
 * driver at a time, with an expiry, and falls back to broadcast when nobody takes it.
 */

export const DISPATCH_MODES = ['broadcast', 'offer'] as const;
export type DispatchMode = (typeof DISPATCH_MODES)[number];

export const RIDE_PRIORITIES = ['normal', 'urgent'] as const;
export type RidePriority = (typeof RIDE_PRIORITIES)[number];

/** A whole number in [min, max], refused with one message naming the field. */
function wholeNumber(label: string, min: number, max: number, unit = '') {
  const message = wordedMessage(`${label} must be a whole number${unit} from ${min} to ${max}.`);
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A service target's bounds, in seconds: at least one, at most a day. */
export const SERVICE_TARGET_SECONDS = { min: 1, max: 24 * 3600 } as const;
const { min: TARGET_MIN, max: TARGET_MAX } = SERVICE_TARGET_SECONDS;
const serviceTargetSchema = z
  .object({
    acceptSeconds: wholeNumber('acceptSeconds', TARGET_MIN, TARGET_MAX, ' of seconds'),
    deliverSeconds: wholeNumber('deliverSeconds', TARGET_MIN, TARGET_MAX, ' of seconds'),
  })
  .strict();

/** Per priority, the time from dispatch to acceptance and to the material's drop. */
export const serviceTargetsSchema = z.object({ normal: serviceTargetSchema, urgent: serviceTargetSchema }).strict();
export type ServiceTargets = z.infer<typeof serviceTargetsSchema>;

/** A ride's two service targets: accepted in time, and its material dropped in time. */
export const SLA_TARGETS = ['accept', 'deliver'] as const;
export type SlaTarget = (typeof SLA_TARGETS)[number];

export const OFFER_SECONDS = { min: 3, max: 300, default: 30 } as const;
export const RELEASE_LEAD_MINUTES = { min: 1, max: 240, default: 15 } as const;

/** PUT /api/dispatch/settings replaces the whole object; GET answers it. */
export const dispatchSettingsSchema = z
  .object({
    mode: z.enum(DISPATCH_MODES, { error: wordedMessage("mode must be 'broadcast' or 'offer'.") }),
    offerSeconds: wholeNumber('offerSeconds', OFFER_SECONDS.min, OFFER_SECONDS.max),
    serviceTargets: serviceTargetsSchema,
    releaseLeadMinutes: wholeNumber('releaseLeadMinutes', RELEASE_LEAD_MINUTES.min, RELEASE_LEAD_MINUTES.max),
  })
  .strict();
export type DispatchSettings = z.infer<typeof dispatchSettingsSchema>;

/** Why a priority's targets cannot stand together: a ride is accepted before its material can be dropped. */
export const ACCEPT_TARGET_TOO_LONG: Record<RidePriority, string> = {
  normal: wordedMessage('The normal accept target must not be longer than the normal delivery target.'),
  urgent: wordedMessage('The urgent accept target must not be longer than the urgent delivery target.'),
};

/**
 * The settings an admin may set (PUT /api/dispatch/settings, and the Dispatch screen's check): for
 * each priority, the accept target is at most the delivery target. Recorded settings and answers
 * read with `dispatchSettingsSchema`, so settings saved before this rule still replay.
 */
export const dispatchSettingsBodySchema = dispatchSettingsSchema.superRefine((settings, ctx) => {
  for (const priority of RIDE_PRIORITIES) {
    const { acceptSeconds, deliverSeconds } = settings.serviceTargets[priority];
    if (acceptSeconds > deliverSeconds) {
      ctx.addIssue({ code: 'custom', path: ['serviceTargets', priority, 'acceptSeconds'], message: ACCEPT_TARGET_TOO_LONG[priority] });
    }
  }
});

/** Until an admin changes them: the spec's broadcast, and targets a plant can start from. */
export const DEFAULT_DISPATCH_SETTINGS: DispatchSettings = {
  mode: 'broadcast',
  offerSeconds: OFFER_SECONDS.default,
  serviceTargets: {
    normal: { acceptSeconds: 5 * 60, deliverSeconds: 30 * 60 },
    urgent: { acceptSeconds: 2 * 60, deliverSeconds: 15 * 60 },
  },
  releaseLeadMinutes: RELEASE_LEAD_MINUTES.default,
};

export const DISPATCH_STREAM_ID = 'dispatch';

/**
 * Why a ride cannot be booked for `scheduledFor` at `now` (issue #20): only a time still to come,
 * later today or tomorrow on the plant's calendar. Null: it may.
 */
export function scheduleProblem(scheduledFor: string, now: Date): string | null {
  if (Date.parse(scheduledFor) <= now.getTime()) return SERVER_MESSAGES.scheduledInPast;
  const today = plantDayOf(now);
  const day = plantDayOf(scheduledFor);
  return day === today || day === shiftDay(today, 1) ? null : SERVER_MESSAGES.scheduledTooFar;
}

/** When a ride booked for `scheduledFor` goes to dispatch: `releaseLeadMinutes` before, and never before it was booked. */
export function releaseTimeOf(scheduledFor: string, settings: DispatchSettings, now: Date): string {
  return new Date(Math.max(now.getTime(), Date.parse(scheduledFor) - settings.releaseLeadMinutes * 60_000)).toISOString();
}

/** Whether two settings are the same, field by field as parsed: a field the schema gains is compared too. */
export const sameDispatchSettings = (a: DispatchSettings, b: DispatchSettings): boolean => sameJson(a, b);

/** Whether `targets` are the defaults, which a ride's events then leave out. */
export const defaultServiceTargets = (targets: ServiceTargets): boolean => sameJson(targets, DEFAULT_DISPATCH_SETTINGS.serviceTargets);
