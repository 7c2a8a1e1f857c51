/**
 * How the staff screens write durations and shares (issue #32 item 6): always with their unit, never
 * a bare "0.03" or "0.0 h". Every KPI, fleet and report cell goes through these; the CSVs keep the
 * spec's own forms ('N mins', 'N/A') and are not written here.
 */

/** What a cell shows for a figure that was not measured, when nothing more specific is said. */
export const NOT_MEASURED = '—';

const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A duration given in minutes: '0 min'; under a minute in whole seconds ('2 s', '45 s'; '< 1 s'
 * for a trace); whole minutes under an hour ('7 min'); above, hours and minutes ('1 h 05 min').
 * Minutes are rounded once, so two cells that show the same minutes add up as they read.
 */
export function formatDuration(minutes: number | null | undefined, missing = NOT_MEASURED): string {
  if (!isNumber(minutes)) return missing;
  if (minutes <= 0) return '0 min';
  const seconds = Math.round(minutes * 60);
  if (seconds < 60) return seconds === 0 ? '< 1 s' : `${seconds} s`;
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, '0')} min`;
}

/**
 * A mean duration given in hours (MTBF, MTTR): one decimal with its unit from an hour up
 * ('12.5 h'), minutes or seconds below it (formatDuration), `missing` when not measured.
 */
export function formatHours(hours: number | null | undefined, missing = NOT_MEASURED): string {
  if (!isNumber(hours)) return missing;
  if (hours < 1) return formatDuration(hours * 60, missing);
  return `${(Math.round(hours * 10) / 10).toFixed(1)} h`;
}

/** A 0..1 share as a whole percentage ('86%'); `missing` when not measured. */
export function formatPercent(share: number | null | undefined, missing = NOT_MEASURED): string {
  if (!isNumber(share)) return missing;
  return `${Math.round(share * 100)}%`;
}
