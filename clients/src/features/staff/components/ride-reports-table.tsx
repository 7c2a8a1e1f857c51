import { Box, Link, TableCell, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import {
  LIMITS,
  RIDE_REPORT_FIELDS,
  toRideReport,
  type RideReport,
  type RideReportCsvField,
  type RideReportField,
  type RideReportServerRow,
} from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/format-date';
import { formatDuration } from '../../../lib/format-number';
import { rideTypeLabel } from '../../../lib/words';
import { ScrollTable } from './scroll-table';
import { AssignRideButton } from './assign-ride-dialog';

/**
 * The spec's 20 columns, and issue #20's Priority and SLA beside Status (the CSV has them after the 20),
 * then what was moved (issue #32 item 7), last as in the CSV.
 */
type Column = RideReportCsvField;
export const REPORT_COLUMNS: readonly Column[] = [
  ...RIDE_REPORT_FIELDS.flatMap((field): Column[] => (field === 'status' ? [field, 'priority', 'slaMet'] : [field])),
  'loadDescription',
  'loadQuantity',
  'loadWeightKg',
  'loadHandling',
  // Issue #34 item 2: steps recorded without the scan they needed, with the drivers' reasons.
  'scanOverrides',
];

const DATE_FIELDS: ReadonlySet<RideReportField> = new Set(['createdAt', 'startTime', 'endTime', 'materialPickTime', 'materialDropTime']);

/**
 * A cell as the table shows it: times as every screen writes them (lib/format-date: 'dd MMM yyyy, HH:mm'
 * on the plant's clock; the CSV keeps the spec's en-IN 12-hour text with seconds), gaps as durations with their
 * unit ('2 s', '13 min', '1 h 05 min'; issue #32 item 6: a bare '0.03' in a minutes column read as nothing), the
 * spec's defaults otherwise.
 */
export function reportCell(report: RideReport, field: RideReportField): string {
  const value = report[field];
  if (field === 'gapPickDrop' || field === 'gapPickStart') return typeof value === 'number' ? formatDuration(value) : String(value);
  if (DATE_FIELDS.has(field)) return formatDateTime(value as string | null);
  if (field === 'lastMaintenanceDate' && value !== 'N/A') return formatDateTime(value as string);
  if (field === 'rideType') return rideTypeLabel(value as string);
  return String(value ?? '');
}

/** Whether the ride met its service targets: '✓ met', '✗ missed', or '—' while neither is known. */
export function slaCell(met: boolean | null): string {
  if (met === null) return '—';
  return met ? i18n.t('staff.reports.slaMetCell') : i18n.t('staff.reports.slaMissedCell');
}

function SlaText({ met }: { met: boolean | null }) {
  return (
    <Box
      component="span"
      sx={{ color: met === null ? 'text.secondary' : met ? 'success.main' : 'error.main', fontWeight: met === false ? 700 : undefined }}
    >
      {slaCell(met)}
    </Box>
  );
}

/** A gap's minutes to the spec's 2 decimals, as the CSV has them, for the cell's hover text. */
const exactGap = (value: number | string) =>
  typeof value === 'number' ? i18n.t('staff.reports.exactGap', { value: value.toFixed(LIMITS.reportGapDecimals) }) : undefined;

function cellOf(report: RideReport, column: Column) {
  switch (column) {
    case 'gapPickDrop':
    case 'gapPickStart':
      return (
        <Box component="span" title={exactGap(report[column])}>
          {reportCell(report, column)}
        </Box>
      );
    case 'rideId':
      return (
        <Link
          component={RouterLink}
          to={`/ride-audit/${encodeURIComponent(report.rideId)}`}
          aria-label={i18n.t('staff.common.auditRide', { rideId: report.rideId })}
        >
          {report.rideId}
        </Link>
      );
    case 'priority':
      return report.priority === 'urgent' ? (
        <Box component="span" sx={{ color: 'error.main', fontWeight: 700 }}>
          {i18n.t('staff.reports.priorities.urgent')}
        </Box>
      ) : (
        i18n.t('staff.reports.priorities.normal')
      );
    case 'slaMet':
      return <SlaText met={report.slaMet} />;
    // Issue #32 item 4: a ride waiting for a driver, or accepted and not yet picked up, may be assigned from here.
    case 'status':
      return (
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
          {reportCell(report, column)}
          <AssignRideButton rideId={report.rideId} status={report.status} />
        </Box>
      );
    case 'loadDescription':
    case 'loadQuantity':
    case 'loadWeightKg':
    case 'loadHandling':
      return report[column];
    case 'scanOverrides':
      return report.scanOverrides ? (
        <Box component="span" sx={{ color: 'warning.dark', fontWeight: 600 }}>
          {report.scanOverrides}
        </Box>
      ) : (
        ''
      );
    default:
      return reportCell(report, column);
  }
}

/** The spec's 20-column ride report with Priority, SLA and the load; each ride id opens the ride's audit replay. */
export function RideReportsTable({ rows }: { rows: readonly RideReportServerRow[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Typography sx={{ py: 2 }}>{t('staff.reports.none')}</Typography>;
  return (
    <ScrollTable label={t('staff.reports.table')} headers={REPORT_COLUMNS.map((column) => t(`staff.reports.columns.${column}`))}>
      {rows.map((row) => {
        const report = toRideReport(row);
        return (
          <TableRow key={report.rideId}>
            {REPORT_COLUMNS.map((column) => (
              <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                {cellOf(report, column)}
              </TableCell>
            ))}
          </TableRow>
        );
      })}
    </ScrollTable>
  );
}
