import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, Paper, Stack, TableCell, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { MaintenanceRequestRow } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/format-date';
import { driverReportOf, midRideLabel, returnToServiceNote } from '../maintenance-issue';
import { CommentCell } from './comment-cell';
import { MaintenanceStatusChip } from './maintenance-status-chip';
import { ScrollTable } from './scroll-table';
import { PhotoGallery } from '../../../components/photos/photo-gallery';

interface Props {
  rows: readonly MaintenanceRequestRow[];
  busyId: string | null;
  onAccept: (row: MaintenanceRequestRow) => void;
  onReject: (row: MaintenanceRequestRow) => void;
  onComplete: (row: MaintenanceRequestRow) => void;
  onSaveComment: (row: MaintenanceRequestRow, comment: string) => Promise<boolean>;
}

/*
 * Six columns that fit 1,280 px without scrolling (issue #32): when it was filed sits under the request's id,
 * the driver's report is his words only, and the head's notes and a rejection reason are their own lines.
 */
const HEADERS = ['request', 'driver', 'vehicle', 'driverReport', 'headNotes', 'actions'] as const;

const muted = { color: 'text.secondary' } as const;

/** The driver's report as he wrote it: the issue, his comment when it says more, and a mid-ride request's ride, linked to its audit. */
function DriverReportText({ row }: { row: MaintenanceRequestRow }) {
  const { t } = useTranslation();
  const report = driverReportOf(row);
  const midRide = midRideLabel(report);
  return (
    <>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
        {report.issue}
      </Typography>
      {report.comment && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {report.comment}
        </Typography>
      )}
      {/* Issue #34: the photos he took with it, or with the failed inspection items that filed it. */}
      <Box sx={{ my: 0.5 }}>
        <PhotoGallery photoIds={row.PHOTO_IDS} label={t('staff.requests.photosOf', { id: row.ID })} size={56} />
      </Box>
      {midRide && report.midRideOf && (
        <Typography variant="caption" sx={{ display: 'block', fontWeight: 600, color: 'warning.dark' }}>
          {midRide}{' '}
          <Link
            component={RouterLink}
            to={`/ride-audit/${encodeURIComponent(report.midRideOf)}`}
            aria-label={t('staff.common.auditRide', { rideId: report.midRideOf })}
          >
            {report.midRideOf}
          </Link>
        </Typography>
      )}
    </>
  );
}

/** The head's notes (editable while the request is not rejected), the rejection reason, and what a close left due. */
function HeadNotes({ row, busy, onSaveComment }: { row: MaintenanceRequestRow; busy: boolean; onSaveComment: Props['onSaveComment'] }) {
  const { t } = useTranslation();
  const due = returnToServiceNote(row);
  return (
    <>
      {row.STATUS === 'rejected' ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {row.HEAD_NOTES || '—'}
        </Typography>
      ) : (
        <CommentCell requestId={row.ID} comment={row.HEAD_NOTES ?? ''} busy={busy} onSave={(comment) => onSaveComment(row, comment)} />
      )}
      {row.REJECTION_REASON && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mt: 0.5 }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('staff.requests.rejectionReason')}
          </Box>{' '}
          {row.REJECTION_REASON}
        </Typography>
      )}
      {due && (
        <Typography variant="caption" sx={{ display: 'block', fontWeight: 600, color: 'warning.dark', mt: 0.5 }}>
          {due}
        </Typography>
      )}
    </>
  );
}

const registrationOf = (row: MaintenanceRequestRow) => row.VEHICLE_NUMBER || i18n.t('staff.requests.noRegistration');
const breakdownOf = (row: MaintenanceRequestRow) =>
  row.BREAKDOWN_TYPE
    ? i18n.t(row.BREAKDOWN_TYPE === 'full' ? 'staff.requests.fullBreakdown' : 'staff.requests.partialBreakdown')
    : i18n.t('staff.requests.breakdownNotAvailable', { na: i18n.t('messages.notAvailable') });

function RequestActions({
  row,
  busy,
  onAccept,
  onReject,
  onComplete,
}: { row: MaintenanceRequestRow; busy: boolean } & Pick<Props, 'onAccept' | 'onReject' | 'onComplete'>) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1}>
      {row.STATUS === 'pending' && (
        <>
          <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => onAccept(row)}>
            {t('staff.requests.accept')}
          </Button>
          <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => onReject(row)}>
            {t('staff.requests.reject')}
          </Button>
        </>
      )}
      {row.STATUS === 'accepted' && (
        <Button size="small" variant="contained" disabled={busy} onClick={() => onComplete(row)} sx={{ whiteSpace: 'nowrap' }}>
          {t('staff.requests.markComplete')}
        </Button>
      )}
      {(row.STATUS === 'completed' || row.STATUS === 'rejected') && <Typography variant="body2">—</Typography>}
    </Stack>
  );
}

/** One request as a card on a phone: every field the table has, labelled, none hidden off to the side. */
function RequestCard({
  row,
  busy,
  onSaveComment,
  ...actions
}: { row: MaintenanceRequestRow; busy: boolean } & Omit<Props, 'rows' | 'busyId'>) {
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t('staff.requests.facts.filed'), formatDateTime(row.REQUEST_DATE)],
    [t('staff.requests.facts.vehicle'), `${registrationOf(row)} · ${row.VEHICLE_TYPE}`],
    [t('staff.requests.facts.breakdown'), breakdownOf(row)],
    [t('staff.requests.facts.lastMaintenance'), formatDateTime(row.LAST_MAINTENANCE_DATE)],
    [t('staff.requests.facts.mobile'), row.MOBILE_NUMBER || t('messages.notAvailable')],
  ];
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid={`maintenance-row-${row.ID}`}
      aria-labelledby={`request-${row.ID}-title`}
      sx={{ p: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="h2" variant="subtitle1" id={`request-${row.ID}-title`} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {t('staff.requests.requestTitle', { id: row.ID })}
        </Typography>
        <MaintenanceStatusChip status={row.STATUS} />
      </Stack>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {`${row.DRIVER_NAME || t('messages.unknown')} (${row.DRIVER_ID})`}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 1.5, typography: 'body2' }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {term}
            </Box>
            <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ ...muted, fontWeight: 600 }}>
        {t('staff.requests.headers.driverReport')}
      </Typography>
      <Box sx={{ mb: 1 }}>
        <DriverReportText row={row} />
      </Box>
      <Typography variant="body2" sx={{ ...muted, fontWeight: 600 }}>
        {t('staff.requests.headers.headNotes')}
      </Typography>
      <Box sx={{ mb: 1.5 }}>
        <HeadNotes row={row} busy={busy} onSaveComment={onSaveComment} />
      </Box>
      <RequestActions row={row} busy={busy} {...actions} />
    </Paper>
  );
}

export function MaintenanceRequestsTable({ rows, busyId, onAccept, onReject, onComplete, onSaveComment }: Props) {
  const theme = useTheme();
  const { t } = useTranslation();
  // Under 600 px the table shows two columns beside the actions; a card shows the whole request.
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (rows.length === 0) return <Typography sx={{ py: 2 }}>{t('staff.requests.none')}</Typography>;
  if (phone) {
    return (
      <Stack component="ul" spacing={1.5} aria-label={t('staff.requests.list')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => (
          <RequestCard
            key={row.ID}
            row={row}
            busy={busyId === row.ID}
            onAccept={onAccept}
            onReject={onReject}
            onComplete={onComplete}
            onSaveComment={onSaveComment}
          />
        ))}
      </Stack>
    );
  }
  return (
    <ScrollTable label={t('staff.requests.list')} headers={HEADERS.map((header) => t(`staff.requests.headers.${header}`))} stickyEnd>
      {rows.map((row) => {
        const busy = busyId === row.ID;
        return (
          <TableRow key={row.ID} data-testid={`maintenance-row-${row.ID}`} sx={{ verticalAlign: 'top' }}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {row.ID}
              </Typography>
              <MaintenanceStatusChip status={row.STATUS} />
              <Typography variant="body2" sx={{ ...muted, mt: 0.5 }}>
                {t('staff.requests.filedAt', { time: formatDateTime(row.REQUEST_DATE) })}
              </Typography>
            </TableCell>
            <TableCell sx={{ minWidth: 120 }}>
              <Typography variant="body2">{row.DRIVER_NAME || t('messages.unknown')}</Typography>
              <Typography variant="body2" sx={muted}>
                {`${row.DRIVER_ID} · ${row.MOBILE_NUMBER || t('messages.notAvailable')}`}
              </Typography>
            </TableCell>
            <TableCell sx={{ minWidth: 140 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {registrationOf(row)}
              </Typography>
              <Typography variant="body2">{row.VEHICLE_TYPE}</Typography>
              <Typography variant="body2" sx={muted}>
                {breakdownOf(row)}
              </Typography>
              <Typography variant="caption" sx={{ ...muted, display: 'block' }}>
                {t('staff.requests.lastMaintained', { time: formatDateTime(row.LAST_MAINTENANCE_DATE) })}
              </Typography>
            </TableCell>
            <TableCell sx={{ minWidth: 180, maxWidth: 300 }}>
              <DriverReportText row={row} />
            </TableCell>
            <TableCell sx={{ minWidth: 200, maxWidth: 320 }}>
              <HeadNotes row={row} busy={busy} onSaveComment={onSaveComment} />
            </TableCell>
            <TableCell>
              <RequestActions row={row} busy={busy} onAccept={onAccept} onReject={onReject} onComplete={onComplete} />
            </TableCell>
          </TableRow>
        );
      })}
    </ScrollTable>
  );
}
