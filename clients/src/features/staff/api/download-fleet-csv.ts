import { fleetCsvFileName as rangeFileName, plantDayOf } from '@plantride/schemas';
import { ApiError } from '../../../lib/api-client';
import { currentToken } from '../../../lib/session.store';
import type { KpiFilters } from './get-kpis';
import { fleetQueryString } from './get-fleet-kpis';

// attachment; filename="fleet_reliability_2026-11-20_2026-11-26.csv": the server's name, if it gave a plain one.
const SERVER_FILE_NAME = /filename="([\w.-]+\.csv)"/;

/** The server's file name when it is a plain one, else the range's (fleet_reliability_<from>_<to>.csv). */
export function fleetCsvFileName(contentDisposition: string | null, filters: KpiFilters, now: Date = new Date()): string {
  return SERVER_FILE_NAME.exec(contentDisposition ?? '')?.[1] ?? rangeFileName(filters.from || plantDayOf(now), filters.to || plantDayOf(now));
}

/** Fetches the server's fleet CSV for the page's range and vehicle type, with the session's token, and saves it. */
export async function downloadFleetCsv(filters: KpiFilters): Promise<void> {
  const token = currentToken();
  const response = await fetch(`/api/kpis/fleet.csv?${fleetQueryString(filters)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), null);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fleetCsvFileName(response.headers.get('content-disposition'), filters);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
