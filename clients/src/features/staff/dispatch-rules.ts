import { OFFER_SECONDS, RELEASE_LEAD_MINUTES, type DispatchMode, type DispatchSettings, type RidePriority } from '@plantride/schemas';

/** The four service targets as the screen asks for them: minutes (the engine keeps seconds). */
export const TARGET_FIELDS = ['normalAccept', 'normalDeliver', 'urgentAccept', 'urgentDeliver'] as const;
export type TargetField = (typeof TARGET_FIELDS)[number];

/** The Dispatch screen's fields as typed: text until checked. */
export interface DispatchDraft extends Record<TargetField, string> {
  mode: DispatchMode;
  offerSeconds: string;
  releaseLeadMinutes: string;
}

export type DispatchDraftErrors = Partial<Record<keyof DispatchDraft, string>>;

const DAY_SECONDS = 24 * 3600;
const minutesOf = (seconds: number) => String(Math.round((seconds / 60) * 100) / 100);

export const draftOf = (settings: DispatchSettings): DispatchDraft => ({
  mode: settings.mode,
  offerSeconds: String(settings.offerSeconds),
  normalAccept: minutesOf(settings.serviceTargets.normal.acceptSeconds),
  normalDeliver: minutesOf(settings.serviceTargets.normal.deliverSeconds),
  urgentAccept: minutesOf(settings.serviceTargets.urgent.acceptSeconds),
  urgentDeliver: minutesOf(settings.serviceTargets.urgent.deliverSeconds),
  releaseLeadMinutes: String(settings.releaseLeadMinutes),
});

export const OFFER_SECONDS_MESSAGE = `Offer time must be a whole number of seconds from ${OFFER_SECONDS.min} to ${OFFER_SECONDS.max}.`;
export const RELEASE_LEAD_MESSAGE = `Release lead must be a whole number of minutes from ${RELEASE_LEAD_MINUTES.min} to ${RELEASE_LEAD_MINUTES.max}.`;
export const TARGET_MESSAGE = `Enter minutes: more than 0, at most ${DAY_SECONDS / 60} (a day). 1.5 is a minute and a half.`;

function whole(text: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** Minutes as typed → whole seconds, or null when the engine would refuse them (under 1 s or over a day). */
function targetSeconds(text: string): number | null {
  if (text.trim() === '') return null;
  const minutes = Number(text.replace(',', '.'));
  if (!Number.isFinite(minutes)) return null;
  const seconds = Math.round(minutes * 60);
  return seconds >= 1 && seconds <= DAY_SECONDS ? seconds : null;
}

/** The engine's rules: the whole object to PUT, or a message per field. */
export function checkDispatchDraft(draft: DispatchDraft): { settings: DispatchSettings } | { errors: DispatchDraftErrors } {
  const errors: DispatchDraftErrors = {};
  const offerSeconds = whole(draft.offerSeconds, OFFER_SECONDS.min, OFFER_SECONDS.max);
  const releaseLeadMinutes = whole(draft.releaseLeadMinutes, RELEASE_LEAD_MINUTES.min, RELEASE_LEAD_MINUTES.max);
  if (offerSeconds === null) errors.offerSeconds = OFFER_SECONDS_MESSAGE;
  if (releaseLeadMinutes === null) errors.releaseLeadMinutes = RELEASE_LEAD_MESSAGE;
  const seconds = {} as Record<TargetField, number>;
  for (const field of TARGET_FIELDS) {
    const value = targetSeconds(draft[field]);
    if (value === null) errors[field] = TARGET_MESSAGE;
    else seconds[field] = value;
  }
  if (offerSeconds === null || releaseLeadMinutes === null || Object.keys(errors).length > 0) return { errors };
  const target = (priority: RidePriority) => ({
    acceptSeconds: seconds[`${priority}Accept`],
    deliverSeconds: seconds[`${priority}Deliver`],
  });
  return {
    settings: {
      mode: draft.mode,
      offerSeconds,
      serviceTargets: { normal: target('normal'), urgent: target('urgent') },
      releaseLeadMinutes,
    },
  };
}
