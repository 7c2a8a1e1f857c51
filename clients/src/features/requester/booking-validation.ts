import { durationToMinutes, MESSAGES, SERVER_MESSAGES, type Duration } from '@plantride/schemas';

export type BookingKind = 'fixed' | 'special';

export interface BookingDraft {
  fromLocation: string | null;
  toLocation: string | null;
  duration: Duration | null;
}

/** The drop list: the site's locations without the chosen pickup (a ride from a place to itself is never a choice). */
export function dropOptions(locations: readonly string[], pickup: string | null): string[] {
  return locations.filter((location) => location !== pickup);
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
