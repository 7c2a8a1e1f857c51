import { currentLanguage, currentLocale, i18n } from '../i18n/i18n';

/**
 * How the staff screens write durations and shares (issue #32 item 6): always with their unit, never
 * a bare "0.03" or "0.0 h". Every KPI, fleet and report cell goes through these; the CSVs keep the
 * spec's own forms ('N mins', 'N/A') and are not written here.
 */

/** What a cell shows for a figure that was not measured, when nothing more specific is said. */
export const NOT_MEASURED = '—';

// English keeps its own forms exactly; Marathi and Hindi write the numbers in their locale's digits and the units in their words.
const english = () => currentLanguage() === 'en';
const num = (n: number, fraction = 0) =>
  english()
    ? n.toFixed(fraction)
    : new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(n);
const pad = (n: number) =>
  english() ? String(n).padStart(2, '0') : new Intl.NumberFormat(currentLocale(), { minimumIntegerDigits: 2 }).format(n);
const unit = (key: 'min' | 's' | 'h') => (english() ? key : i18n.t(`units.${key}`));

const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A duration given in minutes: '0 min'; under a minute in whole seconds ('2 s', '45 s'; '< 1 s'
 * for a trace); whole minutes under an hour ('7 min'); above, hours and minutes ('1 h 05 min').
 * Minutes are rounded once, so two cells that show the same minutes add up as they read.
 */
export function formatDuration(minutes: number | null | undefined, missing = NOT_MEASURED): string {
  if (!isNumber(minutes)) return missing;
  if (minutes <= 0) return `${num(0)} ${unit('min')}`;
  const seconds = Math.round(minutes * 60);
  if (seconds < 60) return seconds === 0 ? (english() ? '< 1 s' : i18n.t('units.underASecond')) : `${num(seconds)} ${unit('s')}`;
  const whole = Math.round(minutes);
  if (whole < 60) return `${num(whole)} ${unit('min')}`;
  return `${num(Math.floor(whole / 60))} ${unit('h')} ${pad(whole % 60)} ${unit('min')}`;
}

/**
 * A mean duration given in hours (MTBF, MTTR): one decimal with its unit from an hour up
 * ('12.5 h'), minutes or seconds below it (formatDuration), `missing` when not measured.
 */
export function formatHours(hours: number | null | undefined, missing = NOT_MEASURED): string {
  if (!isNumber(hours)) return missing;
  if (hours < 1) return formatDuration(hours * 60, missing);
  return `${num(Math.round(hours * 10) / 10, 1)} ${unit('h')}`;
}

/** A 0..1 share as a whole percentage ('86%'); `missing` when not measured. */
export function formatPercent(share: number | null | undefined, missing = NOT_MEASURED): string {
  if (!isNumber(share)) return missing;
  return english()
    ? `${Math.round(share * 100)}%`
    : new Intl.NumberFormat(currentLocale(), { style: 'percent' }).format(Math.round(share * 100) / 100);
}
