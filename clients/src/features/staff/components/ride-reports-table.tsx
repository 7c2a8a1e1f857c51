import { Link, TableCell, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { LIMITS, RIDE_REPORT_FIELDS, formatReportDate, toRideReport, type RideReport, type RideReportField, type RideReportServerRow } from '@plantride/schemas';
import { ScrollTable } from './scroll-table';

const HEADER_OF: Record<RideReportField, string> = {
  rideId: 'Ride ID',
  requesterName: 'Requester Name',
  fromLocation: 'From',
  toLocation: 'To',
  vehicleType: 'Vehicle Type',
  vehicleNumber: 'Vehicle Number',
  forkliftNumber: 'Forklift Number',
  status: 'Status',
  createdAt: 'Created At',
  driverId: 'Driver ID',
  driverName: 'Driver Name',
  startTime: 'Start Time',
  endTime: 'End Time',
  materialPickTime: 'Material Pick Time',
  materialDropTime: 'Material Drop Time',
  gapPickDrop: 'Gap Pick-Drop (mins)',
  gapPickStart: 'Gap Pick-Start (mins)',
  lastMaintenanceDate: 'Last Maintenance Date',
  maintenanceStatus: 'Maintenance Status',
  rideType: 'Ride Type',
};

const DATE_FIELDS: ReadonlySet<RideReportField> = new Set(['createdAt', 'startTime', 'endTime', 'materialPickTime', 'materialDropTime']);

/** A cell as the table shows it: dates in en-IN plant time, gaps with 2 decimals, the spec's defaults otherwise. */
export function reportCell(report: RideReport, field: RideReportField): string {
  const value = report[field];
  if (field === 'gapPickDrop' || field === 'gapPickStart') return typeof value === 'number' ? value.toFixed(LIMITS.reportGapDecimals) : String(value);
  if (DATE_FIELDS.has(field)) return formatReportDate(value as string | null);
  if (field === 'lastMaintenanceDate' && value !== 'N/A') return formatReportDate(value as string);
  return String(value ?? '');
}

/** The 20-column ride report; each ride id opens the ride's audit replay. */
export function RideReportsTable({ rows }: { rows: readonly RideReportServerRow[] }) {
  if (rows.length === 0) return <Typography sx={{ py: 2 }}>No ride reports found</Typography>;
  return (
    <ScrollTable label="Ride reports" headers={RIDE_REPORT_FIELDS.map((field) => HEADER_OF[field])}>
          {rows.map((row) => {
            const report = toRideReport(row);
            return (
              <TableRow key={report.rideId}>
                {RIDE_REPORT_FIELDS.map((field) => (
                  <TableCell key={field} sx={{ whiteSpace: 'nowrap' }}>
                    {field === 'rideId' ? (
                      <Link component={RouterLink} to={`/ride-audit/${encodeURIComponent(report.rideId)}`} aria-label={`Audit ride ${report.rideId}`}>
                        {report.rideId}
                      </Link>
                    ) : (
                      reportCell(report, field)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
    </ScrollTable>
  );
}
