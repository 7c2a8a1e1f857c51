import {
  OFFER_SECONDS,
  RELEASE_LEAD_MINUTES,
  SERVICE_TARGET_SECONDS,
  dispatchSettingsBodySchema,
  type DispatchMode,
  type DispatchSettings,
} from '@plantride/schemas';
import { i18n } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/translate-message';

/** The four service targets as the screen asks for them: minutes (the engine keeps seconds). */
export const TARGET_FIELDS = ['normalAccept', 'normalDeliver', 'urgentAccept', 'urgentDeliver'] as const;
export type TargetField = (typeof TARGET_FIELDS)[number];

/** The Dispatch screen's fields as typed: text until checked. */
export interface DispatchDraft extends Record<TargetField, string> {
  mode: DispatchMode;
  offerSeconds: string;
  releaseLeadMinutes: string;
}

/** A message per field; `form` for a refusal that belongs to no field of the screen. */
export type DispatchDraftErrors = Partial<Record<keyof DispatchDraft | 'form', string>>;

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

/** What a field out of its bounds says, in the language spoken now (`lng`: in that one). */
const offerSecondsMessage = (lng?: string) =>
  i18n.t('staff.dispatch.offerSecondsMessage', { min: OFFER_SECONDS.min, max: OFFER_SECONDS.max, lng });
const releaseLeadMessage = (lng?: string) =>
  i18n.t('staff.dispatch.releaseLeadMessage', { min: RELEASE_LEAD_MINUTES.min, max: RELEASE_LEAD_MINUTES.max, lng });
const targetMessage = (lng?: string) => i18n.t('staff.dispatch.targetMessage', { max: SERVICE_TARGET_SECONDS.max / 60, lng });

/** The same in English, the catalogue's source. */
export const OFFER_SECONDS_MESSAGE = offerSecondsMessage('en');
export const RELEASE_LEAD_MESSAGE = releaseLeadMessage('en');
export const TARGET_MESSAGE = targetMessage('en');

// Text as typed → a number for the schema to judge; anything but a plain decimal is NaN, which it refuses.
function decimal(text: string): number {
  const plain = text.trim().replace(',', '.');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
}

// Minutes as typed → the seconds the engine keeps.
const secondsOf = (minutes: string): number => Math.round(decimal(minutes) * 60);

/** Where the schema's path lands on the screen, and what the field then says. */
const FIELD_AT: Record<string, Exclude<keyof DispatchDraft, 'mode'>> = {
  offerSeconds: 'offerSeconds',
  releaseLeadMinutes: 'releaseLeadMinutes',
  'serviceTargets.normal.acceptSeconds': 'normalAccept',
  'serviceTargets.normal.deliverSeconds': 'normalDeliver',
  'serviceTargets.urgent.acceptSeconds': 'urgentAccept',
  'serviceTargets.urgent.deliverSeconds': 'urgentDeliver',
};
const MESSAGE_OF: Record<Exclude<keyof DispatchDraft, 'mode'>, () => string> = {
  offerSeconds: () => offerSecondsMessage(),
  releaseLeadMinutes: () => releaseLeadMessage(),
  normalAccept: () => targetMessage(),
  normalDeliver: () => targetMessage(),
  urgentAccept: () => targetMessage(),
  urgentDeliver: () => targetMessage(),
};

/**
 * The engine's own body schema judges the draft: the whole object to PUT, or the screen's message per
 * field (a refusal on no field of the screen, in the schema's words, as `form`).
 */
export function checkDispatchDraft(draft: DispatchDraft): { settings: DispatchSettings } | { errors: DispatchDraftErrors } {
  const parsed = dispatchSettingsBodySchema.safeParse({
    mode: draft.mode,
    offerSeconds: decimal(draft.offerSeconds),
    serviceTargets: {
      normal: { acceptSeconds: secondsOf(draft.normalAccept), deliverSeconds: secondsOf(draft.normalDeliver) },
      urgent: { acceptSeconds: secondsOf(draft.urgentAccept), deliverSeconds: secondsOf(draft.urgentDeliver) },
    },
    releaseLeadMinutes: decimal(draft.releaseLeadMinutes),
  } satisfies Record<keyof DispatchSettings, unknown>);
  if (parsed.success) return { settings: parsed.data };
  const errors: DispatchDraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_AT[issue.path.join('.')];
    // A field's bounds in the screen's words (minutes); a rule across fields (accept within delivery) in the schema's.
    if (field) errors[field] ??= issue.code === 'custom' ? translateMessage(issue.message) : MESSAGE_OF[field]();
    else errors.form ??= translateMessage(issue.message);
  }
  return { errors };
}
