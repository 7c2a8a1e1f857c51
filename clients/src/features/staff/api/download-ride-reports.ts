import { plantDayOf, rideReportsCsvFileName } from '@plantride/schemas';
import { downloadCsv } from '../../../lib/download-csv';
import { reportQueryString, type ReportFilters } from '../report-filters';

// attachment; filename="ride_reports_2026-11-26.csv": the name the server gave the file, if it gave a plain one.
const SERVER_FILE_NAME = /filename="(ride_reports_\d{4}-\d{2}-\d{2}\.csv)"/;

/** The file name for the download: the server's (dated on its plant day), else ride_reports_<today's plant day>.csv. */
export function csvFileNameOf(contentDisposition: string | null, now: Date = new Date()): string {
  return SERVER_FILE_NAME.exec(contentDisposition ?? '')?.[1] ?? rideReportsCsvFileName(plantDayOf(now));
}

/** Fetches the server's CSV for the same filters and saves it as ride_reports_<ISO plant day>.csv. */
export function downloadRideReports(filters: ReportFilters): Promise<void> {
  return downloadCsv(`/api/reports/rides.csv?${reportQueryString(filters)}`, (disposition) => csvFileNameOf(disposition));
}
