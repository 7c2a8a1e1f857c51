import { PLANT_TIME_ZONE } from '@plantride/schemas';
import { currentLanguage, currentLocale, i18n } from '../i18n/i18n';
import { wallParts } from './plant-clock';

/**
 * The one way screens write a time (issue #32 item 6, docs/GLOSSARY.md): on the plant's clock
 * (PLANT_TIME_ZONE) whatever the browser's zone, 24-hour, English short months:
 *
 * - formatTime          '17:56'                  a time of today's work (on shift until, waiting since, as of)
 * - formatDate          '06 Dec 2026'            a day
 * - formatDateTime      '06 Dec 2026, 17:56'     a moment (ride history, trackers, requests, a ride booked for later)
 * - formatAuditDateTime '06 Dec 2026, 17:56:05'  a moment in the ride audit, the one place seconds are shown
 * - formatPlantDay      '06 Dec 2026'            a plant day already written 'yyyy-MM-dd' (date filters, shift days)
 * - formatShortDay      '06 Dec'                 a plant day on a chart's axis
 *
 * Each takes an ISO text or epoch ms and answers 'N/A' when it is missing and 'Invalid Date' when it
 * cannot be read (SPEC §2). The ride_reports.csv export keeps its own format (schemas' formatPlantDateTime).
 *
 * In Marathi and Hindi (issue #34 item 4) the same parts come from Intl in that language's locale
 * ('mr-IN', 'hi-IN'): its month names and digits, still on the plant's clock and 24-hour.
 */
export type When = string | number | null | undefined;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const two = (n: number) => String(n).padStart(2, '0');

/** An instant on the plant's clock: its wall parts (English's own layout) and its ms (Intl's, in the other languages). */
type Wall = ReturnType<typeof wallParts> & { ms: number };

const notAvailable = () => i18n.t('messages.notAvailable');
const invalidDate = () => i18n.t('messages.invalidDate');

/** The plant's wall clock at `value`, or the text to show instead ('N/A' / 'Invalid Date'). */
function wallOf(value: When): Wall | string {
  if (value === null || value === undefined || value === '') return notAvailable();
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return invalidDate();
  return { ...wallParts(ms), ms };
}

/** The Intl options of each part, on the plant's clock; English writes the same parts by hand (above), as it always did. */
export const INTL_PARTS = {
  day: { day: '2-digit', month: 'short', year: 'numeric', timeZone: PLANT_TIME_ZONE },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: PLANT_TIME_ZONE },
  seconds: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: PLANT_TIME_ZONE },
  shortDay: { day: '2-digit', month: 'short', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();
/** The locale's formatter of a part, made once per locale. */
export function intlPart(locale: string, part: keyof typeof INTL_PARTS): Intl.DateTimeFormat {
  const key = `${locale} ${part}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, INTL_PARTS[part])));
  return format;
}

const english = () => currentLanguage() === 'en';
const dayText = (w: Wall) => (english() ? `${two(w.day)} ${MONTHS[w.month - 1]} ${w.year}` : intlPart(currentLocale(), 'day').format(w.ms));
const timeText = (w: Wall) => (english() ? `${two(w.hour)}:${two(w.minute)}` : intlPart(currentLocale(), 'time').format(w.ms));
const secondsText = (w: Wall) => (english() ? `${timeText(w)}:${two(w.second)}` : intlPart(currentLocale(), 'seconds').format(w.ms));

function formatWith(value: When, text: (w: Wall) => string): string {
  const wall = wallOf(value);
  return typeof wall === 'string' ? wall : text(wall);
}

/** 'HH:mm' on the plant's clock. */
export const formatTime = (value: When): string => formatWith(value, timeText);

/** 'dd MMM yyyy': the plant's day. */
export const formatDate = (value: When): string => formatWith(value, dayText);

/** 'dd MMM yyyy, HH:mm' on the plant's clock. */
export const formatDateTime = (value: When): string => formatWith(value, (w) => `${dayText(w)}, ${timeText(w)}`);

/** 'dd MMM yyyy, HH:mm:ss': the ride audit's moments, where the order of events within a minute matters. */
export const formatAuditDateTime = (value: When): string => formatWith(value, (w) => `${dayText(w)}, ${secondsText(w)}`);

/** A plant day written 'yyyy-MM-dd' (a date input's value) as 'dd MMM yyyy', with no zone to convert. */
export function formatPlantDay(day: string | null | undefined): string {
  if (!day) return notAvailable();
  const ms = plantDayMs(day);
  if (ms === null) return invalidDate();
  if (!english()) return intlPart(currentLocale(), 'day').format(ms + PLANT_NOON_OFFSET_MS);
  return `${day.slice(8, 10)} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
}

// Noon UTC of a day is the same day on the plant's clock (+05:30).
const PLANT_NOON_OFFSET_MS = 12 * 3600_000;

/** Midnight UTC of a day written 'yyyy-MM-dd', or null when it is not one. */
function plantDayMs(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? Number(match[2]) : 0;
  const date = match ? Number(match[3]) : 0;
  if (!match || month < 1 || month > 12 || date < 1 || date > 31) return null;
  return Date.UTC(Number(match[1]), month - 1, date);
}

/** A plant day 'yyyy-MM-dd' as a chart's axis names it: 'dd MMM' ('06 Dec'), the year said by the chart's range. */
export function formatShortDay(day: string): string {
  const full = formatPlantDay(day);
  if (!english()) {
    const ms = plantDayMs(day);
    return ms === null ? full : intlPart(currentLocale(), 'shortDay').format(ms);
  }
  return /^\d{2} [A-Z][a-z]{2} \d{4}$/.test(full) ? full.slice(0, 6) : full;
}

/** The plant zone's short name ('IST'), said once beside a time chosen for later. */
export const PLANT_ZONE_NAME =
  new Intl.DateTimeFormat('en-IN', { timeZone: PLANT_TIME_ZONE, timeZoneName: 'short' })
    .formatToParts(0)
    .find((part) => part.type === 'timeZoneName')?.value ?? PLANT_TIME_ZONE;

/**
 * 'Scheduled for 27 Nov 2026, 14:30 · goes to drivers at 14:15': a ride booked for later, its release
 * time without the day when it falls on the same plant day; the second half left out when the release
 * time is not known; null when the booked time is missing or unreadable.
 */
export function scheduledText(scheduledFor: When, releaseAt: When): string | null {
  const wanted = wallOf(scheduledFor);
  if (typeof wanted === 'string') return null;
  const when = i18n.t('common.scheduledFor', { when: `${dayText(wanted)}, ${timeText(wanted)}` });
  const release = wallOf(releaseAt);
  if (typeof release === 'string') return when;
  const sameDay = dayText(release) === dayText(wanted);
  const at = sameDay ? timeText(release) : `${dayText(release)}, ${timeText(release)}`;
  return `${when} · ${i18n.t('common.goesToDriversAt', { at })}`;
}
