import { VEHICLE_TYPES, type KpiDay, type KpiDriver, type KpiRoute } from '@plantride/schemas';
import { formatShortDay } from '../../lib/format-date';
import { formatDuration } from '../../lib/format-number';
import { i18n } from '../../i18n/i18n';

/** One bar group per plant day: rides requested per vehicle type. */
export type RidesPerDayRow = { day: string } & Record<string, number | string>;

/** 'yyyy-MM-dd' as the charts label days: 'dd MMM' (lib/format-date). */
export const shortDay = formatShortDay;

/** Rides requested per day, one key per vehicle type that had rides; days without rides are left out. */
export function ridesPerDay(days: readonly KpiDay[]): { rows: RidesPerDayRow[]; vehicleTypes: string[] } {
  const byDay = new Map<string, RidesPerDayRow>();
  const seen = new Set<string>();
  for (const day of days) {
    const row = byDay.get(day.day) ?? { day: shortDay(day.day) };
    row[day.vehicleType] = day.requested;
    byDay.set(day.day, row);
    seen.add(day.vehicleType);
  }
  const known: readonly string[] = VEHICLE_TYPES;
  const vehicleTypes = [...VEHICLE_TYPES.filter((type) => seen.has(type)), ...[...seen].filter((type) => !known.includes(type))];
  const rows = [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
  for (const row of rows) for (const type of vehicleTypes) row[type] ??= 0;
  return { rows, vehicleTypes };
}

export interface TimesRow {
  label: string;
  waitAvg: number | null;
  waitP90: number | null;
  deliveryAvg: number | null;
  deliveryP90: number | null;
}

/**
 * Wait and delivery minutes as the server measured them, one group per day and vehicle type:
 * averages and percentiles of different groups cannot be merged honestly, so none are.
 */
export function timesPerDay(days: readonly KpiDay[], oneVehicleType: boolean): TimesRow[] {
  return days.map((day) => ({
    label: oneVehicleType ? shortDay(day.day) : `${shortDay(day.day)} ${day.vehicleType}`,
    waitAvg: day.waitMinutes.avg,
    waitP90: day.waitMinutes.p90,
    deliveryAvg: day.deliveryMinutes.avg,
    deliveryP90: day.deliveryMinutes.p90,
  }));
}

/** A driver's row in the utilisation chart: the share of his time on shift he was busy, with both times in words. */
export interface UtilisationRow {
  name: string;
  ridesCompleted: number;
  /** Busy over on-shift time as a whole percentage; null when he recorded no shift in the range. */
  percent: number | null;
  busy: string;
  onShift: string;
  /** What the bar's end says: '22% · 13 min of 1 h 00 min', or the busy time alone without a shift. */
  note: string;
}

/**
 * Issue #32 item 6: utilisation as the server measured it (busy ÷ time on shift), most utilised
 * first, drivers without a shift last by busy time; times with their unit, never raw seconds.
 */
export function driverUtilisation(drivers: readonly KpiDriver[]): UtilisationRow[] {
  const percentOf = (driver: KpiDriver) =>
    driver.utilisation === null || driver.utilisation === undefined ? null : Math.round(driver.utilisation * 100);
  return [...drivers]
    .sort((a, b) => (percentOf(b) ?? -1) - (percentOf(a) ?? -1) || b.busyMinutes - a.busyMinutes || a.driverId.localeCompare(b.driverId))
    .map((driver) => {
      const percent = percentOf(driver);
      const busy = formatDuration(driver.busyMinutes);
      const onShift = formatDuration(driver.shiftMinutes, i18n.t('staff.kpis.noShift'));
      return {
        name: driver.driverName && driver.driverName !== driver.driverId ? `${driver.driverName} (${driver.driverId})` : driver.driverId,
        ridesCompleted: driver.ridesCompleted,
        percent,
        busy,
        onShift,
        note: percent === null ? i18n.t('staff.kpis.busyNoShift', { busy }) : i18n.t('staff.kpis.busyOfShift', { percent, busy, onShift }),
      };
    });
}

/** The unit a chart of durations is drawn in: whole seconds when every figure is under two minutes, whole minutes otherwise. */
export interface DurationUnit {
  name: 'seconds' | 'minutes';
  short: 's' | 'min';
  perMinute: 60 | 1;
}
export const SECONDS: DurationUnit = { name: 'seconds', short: 's', perMinute: 60 };
export const MINUTES: DurationUnit = { name: 'minutes', short: 'min', perMinute: 1 };

/** Seconds when the largest figure is under 2 minutes (0.0025 min reads as 0 s, not 0.0025), minutes otherwise. */
export function durationUnitFor(minutes: readonly (number | null)[]): DurationUnit {
  const largest = Math.max(0, ...minutes.filter((value): value is number => value !== null && Number.isFinite(value)));
  return largest < 2 ? SECONDS : MINUTES;
}

/** Minutes in the unit: whole seconds, or minutes to one decimal (the axis ticks stay whole). */
export function inUnit(minutes: number | null, unit: DurationUnit): number | null {
  if (minutes === null) return null;
  return unit === SECONDS ? Math.round(minutes * 60) : Math.round(minutes * 10) / 10;
}

/** The times chart's rows in the unit their range reads best in. */
export function timesInUnit(rows: readonly TimesRow[]): { rows: TimesRow[]; unit: DurationUnit } {
  const unit = durationUnitFor(rows.flatMap((row) => [row.waitAvg, row.waitP90, row.deliveryAvg, row.deliveryP90]));
  return {
    unit,
    rows: rows.map((row) => ({
      ...row,
      waitAvg: inUnit(row.waitAvg, unit),
      waitP90: inUnit(row.waitP90, unit),
      deliveryAvg: inUnit(row.deliveryAvg, unit),
      deliveryP90: inUnit(row.deliveryP90, unit),
    })),
  };
}

export const routeLabel = (route: KpiRoute): string => `${route.from} → ${route.to}`;

/** Totals over the range for the summary figures. */
export function kpiTotals(days: readonly KpiDay[]): { requested: number; completed: number; cancelled: number } {
  return days.reduce(
    (sum, day) => ({
      requested: sum.requested + day.requested,
      completed: sum.completed + day.completed,
      cancelled: sum.cancelled + day.cancelled,
    }),
    { requested: 0, completed: 0, cancelled: 0 },
  );
}

/** One bar group per plant day: the percentage of completed rides on target, per vehicle type (null: none completed). */
export type OnTargetRow = { day: string } & Record<string, number | string | null>;

/** A share (0–1) as a whole-number percentage, or null. */
const percent = (share: number | null | undefined): number | null =>
  share === null || share === undefined ? null : Math.round(share * 100);

/**
 * Issue #20: the share of each day's completed rides that met their service targets, per vehicle type,
 * and over the range; `cells` says each figure in words ('80% (4 of 5)') for the table beside the chart.
 */
export function onTargetPerDay(days: readonly KpiDay[]): {
  rows: OnTargetRow[];
  cells: Map<string, Map<string, string>>;
  vehicleTypes: string[];
  overall: { met: number; rides: number; percent: number | null };
} {
  const counted = days.filter((day) => (day.slaRides ?? 0) > 0);
  const seen = new Set(counted.map((day) => day.vehicleType));
  const known: readonly string[] = VEHICLE_TYPES;
  const vehicleTypes = [...VEHICLE_TYPES.filter((type) => seen.has(type)), ...[...seen].filter((type) => !known.includes(type))];
  const byDay = new Map<string, OnTargetRow>();
  const cells = new Map<string, Map<string, string>>();
  let met = 0;
  let rides = 0;
  for (const day of [...counted].sort((a, b) => a.day.localeCompare(b.day))) {
    const label = shortDay(day.day);
    const row = byDay.get(day.day) ?? { day: label };
    const share = day.slaMetShare ?? (day.slaRides ? (day.slaMetRides ?? 0) / day.slaRides : null);
    row[day.vehicleType] = percent(share);
    byDay.set(day.day, row);
    const words = cells.get(label) ?? new Map<string, string>();
    words.set(day.vehicleType, `${percent(share)}% (${day.slaMetRides ?? 0} of ${day.slaRides})`);
    cells.set(label, words);
    met += day.slaMetRides ?? 0;
    rides += day.slaRides ?? 0;
  }
  const rows = [...byDay.values()];
  for (const row of rows) for (const type of vehicleTypes) row[type] ??= null;
  return { rows, cells, vehicleTypes, overall: { met, rides, percent: rides === 0 ? null : Math.round((met / rides) * 100) } };
}
