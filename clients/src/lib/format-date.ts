import { DATE_LOCALE, PLANT_TIME_ZONE, formatPlantDateTime } from '@plantride/schemas';

/** Times on every screen: en-IN on the plant's clock, 'N/A' when missing, 'Invalid Date' when unreadable (SPEC §2). */
export const formatDateTime = formatPlantDateTime;

const clockOptions = { timeZone: PLANT_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const plantClock = new Intl.DateTimeFormat(DATE_LOCALE, clockOptions);
const plantClockSeconds = new Intl.DateTimeFormat(DATE_LOCALE, { ...clockOptions, second: '2-digit' });

/** '17:30' (or '17:30:05' with seconds) on the plant's clock, from an ISO text or epoch ms; '' when unreadable. */
export function formatPlantClock(value: string | number, withSeconds = false): string {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(ms)) return '';
  return (withSeconds ? plantClockSeconds : plantClock).format(ms);
}
