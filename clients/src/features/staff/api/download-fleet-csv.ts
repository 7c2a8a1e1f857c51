import { fleetCsvFileName as rangeFileName, plantDayOf } from '@plantride/schemas';
import { downloadCsv } from '../../../lib/download-csv';
import type { KpiFilters } from './get-kpis';
import { fleetQueryString } from './get-fleet-kpis';

// attachment; filename="fleet_reliability_2026-11-20_2026-11-26.csv": the server's name, if it gave a plain one.
const SERVER_FILE_NAME = /filename="([\w.-]+\.csv)"/;

/** The server's file name when it is a plain one, else the range's (fleet_reliability_<from>_<to>.csv). */
export function fleetCsvFileName(contentDisposition: string | null, filters: KpiFilters, now: Date = new Date()): string {
  return (
    SERVER_FILE_NAME.exec(contentDisposition ?? '')?.[1] ?? rangeFileName(filters.from || plantDayOf(now), filters.to || plantDayOf(now))
  );
}

/** Fetches the server's fleet CSV for the page's range and vehicle type, with the session's token, and saves it. */
export function downloadFleetCsv(filters: KpiFilters): Promise<void> {
  return downloadCsv(`/api/kpis/fleet.csv?${fleetQueryString(filters)}`, (disposition) => fleetCsvFileName(disposition, filters));
}
