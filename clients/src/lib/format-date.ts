import { DATE_LOCALE, MESSAGES, PLANT_TIME_ZONE } from '@plantride/schemas';

// Day, short month, year, 12-hour time with seconds, on the plant's clock (SPEC §2).
const dateTime = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
  timeZone: PLANT_TIME_ZONE,
});

export function formatDateTime(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return MESSAGES.notAvailable;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? MESSAGES.invalidDate : dateTime.format(date);
}
