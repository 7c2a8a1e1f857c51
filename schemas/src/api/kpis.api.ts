import { z } from 'zod';
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { PLANT_TIME_ZONE, VEHICLE_TYPES } from '../constants';
import { SERVER_MESSAGES } from '../messages';
import { plantDayByFixedOffset } from '../plant-time';

export const KPI_DEFAULT_DAYS = 7;
export const KPI_MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

/**
 * The plant's calendar day ('yyyy-MM-dd') of an instant: KPI days are counted on the plant's clock.
 * Arithmetic where the fixed offset holds (a rebuild asks this once per ride), the time-zone database elsewhere.
 */
export function plantDayOf(instant: Date | string): string {
  const ms = new Date(instant).getTime();
  return plantDayByFixedOffset(ms) ?? format(new TZDate(ms, PLANT_TIME_ZONE), 'yyyy-MM-dd');
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** `day` moved by `days` calendar days; 'yyyy-MM-dd' in and out. */
export function shiftDay(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

// The reports screen writes dd/MM/yyyy; links and scripts tend to write ISO days.
const DISPLAY_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day written dd/MM/yyyy or yyyy-MM-dd, as 'yyyy-MM-dd'; null if it is neither or no such day exists. */
export function parseKpiDay(text: string): string | null {
  const display = DISPLAY_DAY.exec(text);
  const iso = ISO_DAY.exec(text);
  const parts = display ? [display[3], display[2], display[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31/02 over into March; a day that does not survive the round trip does not exist.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Why a from/to pair cannot be reported on, or null when it can. */
export function kpiRangeProblem(from: string, to: string): string | null {
  if (to < from) return SERVER_MESSAGES.kpiRangeReversed;
  if (dayNumber(to) - dayNumber(from) + 1 > KPI_MAX_RANGE_DAYS) return SERVER_MESSAGES.kpiRangeTooLong;
  return null;
}

/**
 * The range a KPI query covers: `to` defaults to the plant's today, `from` to the
 * `KPI_DEFAULT_DAYS` days ending at `to`.
 */
export function resolveKpiRange(query: { from?: string; to?: string }, today: string): { from: string; to: string } {
  const to = query.to ?? today;
  return { from: query.from ?? shiftDay(to, 1 - KPI_DEFAULT_DAYS), to };
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const kpiDayInput = z.preprocess(
  blankToUndefined,
  z
    .string({ error: SERVER_MESSAGES.kpiInvalidDate })
    .trim()
    .transform((text, ctx) => {
      const day = parseKpiDay(text);
      if (day === null) {
        ctx.addIssue({ code: 'custom', message: SERVER_MESSAGES.kpiInvalidDate });
        return z.NEVER;
      }
      return day;
    })
    .optional(),
);

/**
 * GET /api/reports/kpis: `from` and `to` as dd/MM/yyyy (yyyy-MM-dd also accepted), both
 * inclusive plant days, read as 'yyyy-MM-dd'; an omitted bound is filled by `resolveKpiRange`.
 */
export const kpisQuerySchema = z
  .object({
    from: kpiDayInput,
    to: kpiDayInput,
    vehicleType: z.preprocess(blankToUndefined, z.enum(VEHICLE_TYPES, { error: SERVER_MESSAGES.kpiUnknownVehicleType }).optional()),
  })
  .superRefine((query, ctx) => {
    const problem = query.from && query.to ? kpiRangeProblem(query.from, query.to) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type KpisQuery = z.infer<typeof kpisQuerySchema>;

/** Average and 90th percentile in minutes (2 decimals); null when no ride gave a sample. */
export const kpiMinutesSchema = z.object({ avg: z.number().nullable(), p90: z.number().nullable() });
export type KpiMinutes = z.infer<typeof kpiMinutesSchema>;

/**
 * One plant day and vehicle type, counting the rides requested that day: wait is request →
 * accept, pick-up is accept → material picked, delivery is picked → dropped. Only pairs with
 * at least one ride are listed. Ours (issue #20): `slaRides`, the completed rides; `slaMetRides`,
 * those of them that missed no service target (SLA_MET true); `slaMetShare`, the second over the
 * first to 3 decimals, null when none completed. Always sent; optional only so that an answer
 * from an engine before them still reads.
 */
export const kpiDaySchema = z.object({
  day: z.string(),
  vehicleType: z.string(),
  requested: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  slaRides: z.number().int().optional(),
  slaMetRides: z.number().int().optional(),
  slaMetShare: z.number().nullable().optional(),
  waitMinutes: kpiMinutesSchema,
  pickupMinutes: kpiMinutesSchema,
  deliveryMinutes: kpiMinutesSchema,
});
export type KpiDay = z.infer<typeof kpiDaySchema>;

/**
 * A driver over the range, on rides requested in it: rides he ended, and minutes busy from
 * accepting or taking over a ride to ending it (or to its redistribution when his vehicle broke down).
 * Ours (issue #32 item 6): `shiftMinutes`, his time on shift within the range's plant days (a shift
 * still running counts until the time of the query), null when he recorded no shift in it (shifts
 * are optional); `utilisation`, busy over on-shift time to 3 decimals (above 1 when he drove off
 * shift), null without shift time. Always sent; optional only so that an older answer still reads.
 */
export const kpiDriverSchema = z.object({
  driverId: z.string(),
  driverName: z.string(),
  ridesCompleted: z.number().int(),
  busyMinutes: z.number(),
  shiftMinutes: z.number().nullable().optional(),
  utilisation: z.number().nullable().optional(),
});
export type KpiDriver = z.infer<typeof kpiDriverSchema>;

/** A route (ordered pair of places) and how many rides were requested on it over the range. */
export const kpiRouteSchema = z.object({ from: z.string(), to: z.string(), rides: z.number().int() });
export type KpiRoute = z.infer<typeof kpiRouteSchema>;

/** How many busiest routes a KPI answer lists. */
export const KPI_TOP_ROUTES = 10;

/**
 * Answer of GET /api/reports/kpis; `from` and `to` are the 'yyyy-MM-dd' days actually covered;
 * `routes` the `KPI_TOP_ROUTES` busiest routes of the range, busiest first.
 */
export const kpisAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(kpiDaySchema),
  drivers: z.array(kpiDriverSchema),
  routes: z.array(kpiRouteSchema),
});
export type KpisAnswer = z.infer<typeof kpisAnswerSchema>;

/** Seconds as minutes with 2 decimals, as every KPI answer shows them. */
export const toKpiMinutes = (seconds: number): number => Math.round((seconds / 60) * 100) / 100;

/** Busy time over time on shift, to 3 decimals; null with no time on shift. */
export const toUtilisation = (busySeconds: number, shiftSeconds: number | null): number | null =>
  shiftSeconds === null || shiftSeconds <= 0 ? null : Math.round((busySeconds / shiftSeconds) * 1000) / 1000;

/** The instant (ms) a plant day ('yyyy-MM-dd') begins on the plant's clock. */
export function plantDayStartMs(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, date, PLANT_TIME_ZONE).getTime();
}

/** The share of `rides` that met their service targets, to 3 decimals; null when there are none. */
export const toSlaMetShare = (metRides: number, rides: number): number | null =>
  rides === 0 ? null : Math.round((metRides / rides) * 1000) / 1000;
