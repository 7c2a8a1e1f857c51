import { TIMESTAMP_EVENTS, isInProgress, type RideHistoryRow, type TimestampEvent } from '@plantride/schemas';
import { i18n } from '../../i18n/i18n';

export interface DriverStep {
  label: string;
  /** The label's catalogue key, for what is kept to be shown later (the offline queue). */
  labelKey: `driver.steps.${TimestampEvent}`;
  /** The update-timestamps event the button sends. */
  command: TimestampEvent;
}

/** Start Ride → Material Picked → Material Dropped → End Ride (SPEC §4); which one is live comes from the statechart. Labels read in the language spoken then. */
export const DRIVER_STEPS: readonly DriverStep[] = TIMESTAMP_EVENTS.map((command) => ({
  get label() {
    return i18n.t(`driver.steps.${command}`);
  },
  labelKey: `driver.steps.${command}` as const,
  command,
}));

/** A step that got no answer even after the automatic retries; tapping it again repeats the same action (same key). */
export const stepNotAnswered = (): string => i18n.t('driver.stepNotAnswered');

/** His ride in progress: the newest history row he is the current driver of and that is still going. */
export function ongoingRideOf(history: readonly RideHistoryRow[] | undefined, driverId: string): RideHistoryRow | null {
  return history?.find((row) => row.DRIVER_ID === driverId && isInProgress(row.STATUS)) ?? null;
}

/** The rides he finished himself (a ride he handed over after a breakdown belongs to whoever ended it). */
export function completedRidesOf(history: readonly RideHistoryRow[] | undefined, driverId: string): RideHistoryRow[] {
  return (history ?? []).filter((row) => row.DRIVER_ID === driverId && row.STATUS === 'completed');
}
