import type { DriverListRow, DriverStatus } from '@plantride/schemas';

/** The driver information filter panel (SPEC §2). */
export interface DriverFilters {
  status: DriverStatus | '';
  sticker: string;
  driverId: string;
  sort: 'latest' | 'oldest';
  name: string;
}

export const emptyDriverFilters = (): DriverFilters => ({ status: '', sticker: '', driverId: '', sort: 'latest', name: '' });

/** Cancel closes the panel and resets the status, role and forklift (sticker) filters; the others stay. */
export const cancelDriverFilters = (applied: DriverFilters): DriverFilters => ({ ...applied, status: '', sticker: '' });

/** The drivers the filters keep, in the chosen date order. */
export function filterDrivers(rows: readonly DriverListRow[], filters: DriverFilters): DriverListRow[] {
  const id = filters.driverId.trim().toUpperCase();
  const name = filters.name.trim().toLowerCase();
  const kept = rows.filter(
    (row) =>
      (!filters.status || row.STATUS === filters.status) &&
      (!filters.sticker || Number(row.FORKLIFT) === Number(filters.sticker)) &&
      (!id || row.OPERATOR_ID.toUpperCase().includes(id)) &&
      (!name || row.NAME.toLowerCase().includes(name)),
  );
  const time = (row: DriverListRow) => Date.parse(row.CREATED_AT) || 0;
  return kept.sort((a, b) => (filters.sort === 'latest' ? time(b) - time(a) : time(a) - time(b)));
}
