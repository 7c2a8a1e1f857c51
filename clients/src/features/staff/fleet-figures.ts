import type { FleetFigures } from '@plantride/schemas';

export type { FleetFigures };
export type FleetFigureKey = keyof FleetFigures;
export type FleetSortKey = FleetFigureKey | 'label';
export type SortDirection = 'asc' | 'desc';

/** The figure columns in table order, with their headers. */
export const FLEET_COLUMNS: readonly { key: FleetFigureKey; header: string }[] = [
  { key: 'breakdowns', header: 'Breakdowns' },
  { key: 'operatingHours', header: 'Operating h' },
  { key: 'mtbfHours', header: 'MTBF h' },
  { key: 'mttrHours', header: 'MTTR h' },
  { key: 'downtimeHours', header: 'Downtime h' },
  { key: 'inspectionCompliance', header: 'Inspection compliance' },
];

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

/** Hours to one decimal; '—' when not measured. */
export const hoursText = (hours: number | null): string => (hours === null ? '—' : (Math.round(hours * 10) / 10).toFixed(1));

/** A 0..1 share as a whole percentage; '—' when not measured. */
export const complianceText = (share: number | null): string => (share === null ? '—' : `${Math.round(share * 100)}%`);

/** A figure as its cell shows it. */
export function fleetCell(figures: FleetFigures, key: FleetFigureKey): string {
  if (key === 'breakdowns') return String(figures.breakdowns);
  if (key === 'inspectionCompliance') return complianceText(figures.inspectionCompliance);
  return hoursText(figures[key]);
}

/** The downtime chart's bars: vehicles that were down at all, longest first, hours to one decimal. */
export function downtimeBars<T extends FleetFigures & { vehicle: string; vehicleType: string }>(
  vehicles: readonly T[],
): { vehicle: string; vehicleType: string; downtime: number }[] {
  return vehicles
    .filter((row) => row.downtimeHours > 0)
    .sort((a, b) => b.downtimeHours - a.downtimeHours || a.vehicle.localeCompare(b.vehicle))
    .map((row) => ({ vehicle: row.vehicle, vehicleType: row.vehicleType, downtime: Math.round(row.downtimeHours * 10) / 10 }));
}
