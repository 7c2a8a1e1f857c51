import type { FleetFigures } from '@plantride/schemas';
import { formatDuration, formatHours, formatPercent } from '../../lib/format-number';
import { i18n } from '../../i18n/i18n';
import type { staffEn } from '../../i18n/staff/en';

export type { FleetFigures };
export type FleetFigureKey = keyof FleetFigures;
export type FleetSortKey = FleetFigureKey | 'label';
export type SortDirection = 'asc' | 'desc';

const FLEET_KEYS: readonly FleetFigureKey[] = [
  'breakdowns',
  'operatingMinutes',
  'mtbfHours',
  'mttrHours',
  'downtimeMinutes',
  'inspectionCompliance',
];

/** The figure columns in table order, with their headers (in the language spoken then); each cell carries its own unit. */
export const FLEET_COLUMNS: readonly { key: FleetFigureKey; header: string }[] = FLEET_KEYS.map((key) => ({
  key,
  get header() {
    return i18n.t(`staff.fleet.columns.${key as keyof typeof staffEn.fleet.columns}`);
  },
}));

/** What the columns mean and why a cell may have words instead of a figure, said once under the table. */
export const fleetCaption = (): string => i18n.t('staff.fleet.caption');

/**
 * Rows ordered by one column; rows without the figure (null MTBF: no breakdown) go last either way,
 * since "not measured" is neither the best nor the worst. Ties keep the label order.
 */
export function sortFleetRows<T extends FleetFigures>(
  rows: readonly T[],
  key: FleetSortKey,
  direction: SortDirection,
  labelOf: (row: T) => string,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byLabel = (a: T, b: T) => labelOf(a).localeCompare(labelOf(b));
  return [...rows].sort((a, b) => {
    if (key === 'label') return sign * byLabel(a, b);
    const x = a[key];
    const y = b[key];
    if (x === null && y === null) return byLabel(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (x - y) || byLabel(a, b);
  });
}

/** The direction a header click gives: the same column flips, a new one starts where its useful end is. */
export function nextSort(
  current: { key: FleetSortKey; direction: SortDirection },
  clicked: FleetSortKey,
): { key: FleetSortKey; direction: SortDirection } {
  if (current.key === clicked) return { key: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  // Names read A→Z; figures are looked at worst first (most breakdowns, most downtime, shortest MTBF).
  const ascending: readonly FleetSortKey[] = ['label', 'mtbfHours', 'inspectionCompliance'];
  return { key: clicked, direction: ascending.includes(clicked) ? 'asc' : 'desc' };
}

/** A figure as its cell shows it, with its unit; no breakdown, no repair or no ride time said in words. */
export function fleetCell(figures: FleetFigures, key: FleetFigureKey): string {
  switch (key) {
    case 'breakdowns':
      return String(figures.breakdowns);
    case 'inspectionCompliance':
      return formatPercent(figures.inspectionCompliance);
    case 'mtbfHours':
      // Breakdowns but no ride time: a zero MTBF says nothing about the vehicle.
      return figures.mtbfHours === 0
        ? i18n.t('staff.fleet.noRideTime')
        : formatHours(figures.mtbfHours, i18n.t('staff.fleet.noBreakdowns'));
    case 'mttrHours':
      return formatHours(figures.mttrHours, figures.breakdowns === 0 ? '—' : i18n.t('staff.fleet.noneRepaired'));
    case 'operatingMinutes':
    case 'operatingHours':
      return formatDuration(figures.operatingMinutes);
    case 'downtimeMinutes':
    case 'downtimeHours':
      return formatDuration(figures.downtimeMinutes);
  }
}

/** The downtime chart's bars: vehicles that were down at all, longest first, in hours (from the whole minutes the table shows). */
export function downtimeBars<T extends FleetFigures & { vehicle: string; vehicleType: string }>(
  vehicles: readonly T[],
): { vehicle: string; vehicleType: string; downtime: number; minutes: number }[] {
  return vehicles
    .filter((row) => row.downtimeMinutes > 0)
    .sort((a, b) => b.downtimeMinutes - a.downtimeMinutes || a.vehicle.localeCompare(b.vehicle))
    .map((row) => ({
      vehicle: row.vehicle,
      vehicleType: row.vehicleType,
      downtime: Math.round((row.downtimeMinutes / 60) * 100) / 100,
      minutes: row.downtimeMinutes,
    }));
}
