import { MESSAGES, PLANT_TIME_ZONE } from '@plantride/schemas';
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
 */
export type When = string | number | null | undefined;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const two = (n: number) => String(n).padStart(2, '0');

type Wall = ReturnType<typeof wallParts>;

/** The plant's wall clock at `value`, or the text to show instead ('N/A' / 'Invalid Date'). */
function wallOf(value: When): Wall | string {
  if (value === null || value === undefined || value === '') return MESSAGES.notAvailable;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return MESSAGES.invalidDate;
  return wallParts(ms);
}

const dayText = (w: Wall) => `${two(w.day)} ${MONTHS[w.month - 1]} ${w.year}`;
const timeText = (w: Wall) => `${two(w.hour)}:${two(w.minute)}`;

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
export const formatAuditDateTime = (value: When): string => formatWith(value, (w) => `${dayText(w)}, ${timeText(w)}:${two(w.second)}`);

/** A plant day written 'yyyy-MM-dd' (a date input's value) as 'dd MMM yyyy', with no zone to convert. */
export function formatPlantDay(day: string | null | undefined): string {
  if (!day) return MESSAGES.notAvailable;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? Number(match[2]) : 0;
  const date = match ? Number(match[3]) : 0;
  if (!match || month < 1 || month > 12 || date < 1 || date > 31) return MESSAGES.invalidDate;
  return `${match[3]} ${MONTHS[month - 1]} ${match[1]}`;
}

/** A plant day 'yyyy-MM-dd' as a chart's axis names it: 'dd MMM' ('06 Dec'), the year said by the chart's range. */
export function formatShortDay(day: string): string {
  const full = formatPlantDay(day);
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
  const when = `Scheduled for ${dayText(wanted)}, ${timeText(wanted)}`;
  const release = wallOf(releaseAt);
  if (typeof release === 'string') return when;
  const sameDay = dayText(release) === dayText(wanted);
  return `${when} · goes to drivers at ${sameDay ? timeText(release) : `${dayText(release)}, ${timeText(release)}`}`;
}
