import { PLANT_TIME_ZONE, shiftDay } from '@plantride/schemas';

/** A moment on the plant's wall clock: its day ('yyyy-MM-dd') and time ('HH:mm'). */
export interface PlantClock {
  day: string;
  time: string;
}

// en-US with h23 gives plain digits in a fixed order, whatever the browser's own locale and zone.
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: PLANT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The plant's wall clock at an instant, field by field (month 1-12, hour 0-23). */
export function wallParts(ms: number): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const parts = Object.fromEntries(wallClock.formatToParts(ms).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The plant's day and time at an instant (ms since the epoch). */
export function plantClockAt(ms: number): PlantClock {
  const p = wallParts(ms);
  return { day: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` };
}

// How far the plant's clock is ahead of UTC at an instant.
function plantOffsetMs(ms: number): number {
  const p = wallParts(ms);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant (ms) the plant's clock reads `time` ('HH:mm') on `day` ('yyyy-MM-dd'); NaN when either is not one. */
export function plantInstant(day: string, time: string): number {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return NaN;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // Twice, so a zone that changes its offset near the time still lands on it.
  const guess = wall - plantOffsetMs(wall);
  return wall - plantOffsetMs(guess);
}

/** Which plant day a booking for later is on: today or tomorrow, counted when it is sent. */
export type LaterDay = 'today' | 'tomorrow';

/** The plant day `which` names at `now`. */
export function laterDayOf(which: LaterDay, now: number): string {
  const today = plantClockAt(now).day;
  return which === 'today' ? today : shiftDay(today, 1);
}

const QUARTER_MS = 15 * 60_000;

/** The first quarter hour at least `leadMinutes` from now, on the plant's clock: what 'Later' offers first. */
export function firstLaterSlot(now: number, leadMinutes = 30): { day: LaterDay; time: string } {
  const at = Math.ceil((now + leadMinutes * 60_000) / QUARTER_MS) * QUARTER_MS;
  const clock = plantClockAt(at);
  return { day: clock.day === plantClockAt(now).day ? 'today' : 'tomorrow', time: clock.time };
}
