import { DATE_LOCALE, PLANT_TIME_ZONE } from './constants';
import { MESSAGES } from './messages';

// Day, short month, year, 12-hour time with seconds, on the plant's clock (SPEC §2).
const plantDateTime = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: PLANT_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

/** A time as people at the plant read it; 'N/A' when missing, 'Invalid Date' when unreadable (SPEC §2). */
export function formatPlantDateTime(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return MESSAGES.notAvailable;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? MESSAGES.invalidDate : plantDateTime.format(date);
}
