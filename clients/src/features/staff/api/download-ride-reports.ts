import { plantDayOf, rideReportsCsvFileName } from '@plantride/schemas';
import { ApiError } from '../../../lib/api-client';
import { currentToken } from '../../../lib/session.store';
import { reportQueryString, type ReportFilters } from '../report-filters';

// attachment; filename="ride_reports_2026-11-26.csv": the name the server gave the file, if it gave a plain one.
const SERVER_FILE_NAME = /filename="(ride_reports_\d{4}-\d{2}-\d{2}\.csv)"/;

/** The file name for the download: the server's (dated on its plant day), else ride_reports_<today's plant day>.csv. */
export function csvFileNameOf(contentDisposition: string | null, now: Date = new Date()): string {
  return SERVER_FILE_NAME.exec(contentDisposition ?? '')?.[1] ?? rideReportsCsvFileName(plantDayOf(now));
}

/** Fetches the server's CSV for the same filters and saves it as ride_reports_<ISO plant day>.csv. */
export async function downloadRideReports(filters: ReportFilters): Promise<void> {
  const token = currentToken();
  const response = await fetch(`/api/reports/rides.csv?${reportQueryString(filters)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, null);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileNameOf(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
