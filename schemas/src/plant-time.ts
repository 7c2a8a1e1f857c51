import { DATE_LOCALE, PLANT_TIME_ZONE } from './constants';
import { MESSAGES } from './messages';

// Day, short month, year, 12-hour time with seconds, on the plant's clock (SPEC §2).
const PLANT_DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: PLANT_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
};
const plantDateTime = new Intl.DateTimeFormat(DATE_LOCALE, PLANT_DATE_TIME_OPTIONS);

// India has kept +05:30 without daylight saving since October 1945; before that (and past year 9999) Intl decides.
const PLANT_OFFSET_MS = 330 * 60_000;
const FIXED_OFFSET_FROM = Date.UTC(1946, 0, 1);
const FIXED_OFFSET_UNTIL = Date.UTC(10000, 0, 1) - PLANT_OFFSET_MS;

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The same text as plantDateTime.format, by arithmetic on the fixed offset: an Intl call per cell is
 * the largest cost of a million-row CSV export. The month names, day periods, separators and their
 * order are read from Intl itself once, and the result is checked against Intl on sample instants;
 * when anything differs (another ICU, another layout) this answers null and Intl formats every time.
 */
function fixedOffsetFormatter(): ((ms: number) => string) | null {
  const options = plantDateTime.resolvedOptions();
  if (options.numberingSystem !== 'latn' || options.calendar !== 'gregory' || (options.hourCycle !== 'h12' && options.hourCycle !== 'h11'))
    return null;
  const zeroBasedHours = options.hourCycle === 'h11';
  const plantUtc = (y: number, m: number, d: number, h: number, min = 0) => Date.UTC(y, m, d, h, min) - PLANT_OFFSET_MS;
  const partOf = (ms: number, type: Intl.DateTimeFormatPartTypes) => plantDateTime.formatToParts(ms).find((p) => p.type === type)?.value;
  const months = Array.from({ length: 12 }, (_, m) => partOf(plantUtc(2001, m, 15, 10), 'month'));
  const periods = [partOf(plantUtc(2001, 0, 15, 3), 'dayPeriod'), partOf(plantUtc(2001, 0, 15, 15), 'dayPeriod')];
  if (months.includes(undefined) || periods.includes(undefined)) return null;
  // The separators as format() writes them: V8's format() turns the narrow no-break space ICU puts before
  // the day period into a plain space, formatToParts() does not, so each literal is read at its place in format()'s text.
  const sample = plantUtc(2001, 0, 15, 10);
  const sampleText = plantDateTime.format(sample);
  let at = 0;
  const layout = plantDateTime.formatToParts(sample).map((part) => {
    const value = sampleText.slice(at, (at += part.value.length));
    return { type: part.type, value };
  });
  if (at !== sampleText.length) return null;
  const known = new Set(['day', 'month', 'year', 'hour', 'minute', 'second', 'dayPeriod', 'literal']);
  if (layout.some((p) => !known.has(p.type))) return null;

  const format = (ms: number): string => {
    const t = new Date(ms + PLANT_OFFSET_MS);
    const hours = t.getUTCHours();
    const hour12 = hours % 12;
    let text = '';
    for (const part of layout) {
      switch (part.type) {
        case 'day':
          text += twoDigits(t.getUTCDate());
          break;
        case 'month':
          text += months[t.getUTCMonth()]!;
          break;
        case 'year':
          text += String(t.getUTCFullYear());
          break;
        case 'hour':
          text += twoDigits(zeroBasedHours || hour12 !== 0 ? hour12 : 12);
          break;
        case 'minute':
          text += twoDigits(t.getUTCMinutes());
          break;
        case 'second':
          text += twoDigits(t.getUTCSeconds());
          break;
        case 'dayPeriod':
          text += periods[hours < 12 ? 0 : 1]!;
          break;
        default:
          text += part.value;
      }
    }
    return text;
  };
  const samples = [
    FIXED_OFFSET_FROM,
    FIXED_OFFSET_UNTIL - 1000,
    plantUtc(2024, 1, 29, 0),
    plantUtc(2026, 8, 6, 12, 5),
    plantUtc(2026, 11, 31, 23, 59),
  ];
  for (let m = 0; m < 12; m += 1) samples.push(plantUtc(2030, m, m + 1, m * 2, m * 5), plantUtc(2030, m, 28 - m, 23 - m * 2, 59));
  return samples.every((ms) => format(ms) === plantDateTime.format(ms)) ? format : null;
}

const fixedOffset = fixedOffsetFormatter();
/** Which way formatPlantInstant works in this runtime: by arithmetic, or through Intl when the check above failed. */
export const PLANT_TIME_FORMATTER: 'fixed-offset' | 'intl' = fixedOffset === null ? 'intl' : 'fixed-offset';

/** A valid instant (ms since the epoch) as people at the plant read it. */
export function formatPlantInstant(ms: number): string {
  return fixedOffset !== null && ms >= FIXED_OFFSET_FROM && ms < FIXED_OFFSET_UNTIL ? fixedOffset(ms) : plantDateTime.format(ms);
}

/** A time as people at the plant read it; 'N/A' when missing, 'Invalid Date' when unreadable (SPEC §2). */
export function formatPlantDateTime(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return MESSAGES.notAvailable;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? MESSAGES.invalidDate : formatPlantInstant(ms);
}

/**
 * The plant's calendar day ('yyyy-MM-dd') of an instant by arithmetic on the fixed +05:30 offset,
 * or null where that does not hold (another zone, before 1946, past year 9999, not a valid instant).
 */
export function plantDayByFixedOffset(ms: number): string | null {
  if (PLANT_TIME_ZONE !== 'Asia/Kolkata' || !(ms >= FIXED_OFFSET_FROM && ms < FIXED_OFFSET_UNTIL)) return null;
  return new Date(ms + PLANT_OFFSET_MS).toISOString().slice(0, 10);
}
