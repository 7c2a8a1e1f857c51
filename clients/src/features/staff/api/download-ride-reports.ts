import { REPORTS_CSV_FILE_NAME } from '@plantride/schemas';
import { ApiError } from '../../../lib/api-client';
import { currentToken } from '../../../lib/session.store';
import { reportQueryString, type ReportFilters } from '../report-filters';

/** Fetches the server's CSV for the same filters and saves it as ride_reports.csv. */
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
  link.download = REPORTS_CSV_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
