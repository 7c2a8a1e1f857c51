/**
 * Row values as a fold holds them before the write: a time may be a Date (a row read back) or the
 * ISO text the event carries (instantText). Keeping the text spares a Date per value and its
 * toISOString at the write, which was a large part of a rebuild's time in this process.
 */
export type WithTextTimes<T> = { [K in keyof T]: Date extends T[K] ? T[K] | string : T[K] };

// The text Date#toISOString writes, for a date every month has (day 28 at most) and a time of day
// without a leap second: such a text comes back unchanged from new Date(text).toISOString().
const CANONICAL = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** The instant as `new Date(iso).toISOString()` writes it (so the row holds exactly what it held with a Date), without the Date when the text already is that. */
export function instantText(iso: string): string {
  return CANONICAL.test(iso) ? iso : new Date(iso).toISOString();
}

/** Milliseconds since 1970 of a Date or of an ISO text. */
export function instantMs(value: Date | string): number {
  return typeof value === 'string' ? Date.parse(value) : value.getTime();
}
