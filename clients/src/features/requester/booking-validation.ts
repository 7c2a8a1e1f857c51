import {
  durationToMinutes,
  loadSchema,
  MESSAGES,
  refusalMessage,
  SERVER_MESSAGES,
  type Duration,
  type LoadHandling,
  type LoadUnit,
  type RideLoad,
} from '@plantride/schemas';

export type BookingKind = 'fixed' | 'special';

export interface BookingDraft {
  fromLocation: string | null;
  toLocation: string | null;
  duration: Duration | null;
}

/** The form's checks of SPEC §5, in the spec's order and wording; null when the draft may be sent. */
export function bookingError(kind: BookingKind, draft: BookingDraft): string | null {
  if (!draft.fromLocation || !draft.toLocation) {
    return kind === 'special' ? MESSAGES.selectBothLocationsSpecialTask : MESSAGES.selectBothLocations;
  }
  if (draft.fromLocation === draft.toLocation) return MESSAGES.sameLocations;
  if (kind === 'special' && (!draft.duration || durationToMinutes(draft.duration) <= 0)) return MESSAGES.durationTooShort;
  return null;
}

/** Why a ride cannot be booked for the instant `at` (ms) at `now`, in the engine's words (issue #20); null when it may. */
export function laterTimeError(at: number, now: number): string | null {
  return Number.isNaN(at) || at <= now ? SERVER_MESSAGES.scheduledInPast : null;
}

/** The "What is being moved" section as typed (issue #32 item 7): text in its fields, '' when left empty. */
export interface LoadDraft {
  description: string;
  quantity: string;
  unit: LoadUnit | '';
  weightKg: string;
  handling: LoadHandling[];
}

export const EMPTY_LOAD_DRAFT: LoadDraft = { description: '', quantity: '', unit: '', weightKg: '', handling: [] };

export type LoadField = 'description' | 'quantity' | 'unit' | 'weightKg' | 'handling';

// A number field as typed: '' is nothing; text that is not a number goes on as text, for the rule to refuse in words.
const amountOf = (text: string): number | string | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isNaN(n) ? trimmed : n;
};

/**
 * The load to send, by the engine's own rule (loadSchema): undefined when nothing was said; or the
 * refusal in the engine's words and the field it is about.
 */
export function loadOfDraft(draft: LoadDraft): { load: RideLoad | undefined } | { error: string; field: LoadField } {
  const parsed = loadSchema.safeParse({
    description: draft.description,
    quantity: amountOf(draft.quantity),
    unit: draft.unit || null,
    weightKg: amountOf(draft.weightKg),
    handling: draft.handling,
  });
  if (parsed.success) return { load: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { error: refusalMessage(issue), field: (issue.path[0] as LoadField | undefined) ?? 'description' };
}
