import { Box, Button, Paper, Stack, TableCell, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { MESSAGES, type MaintenanceRequestRow } from '@plantride/schemas';
import { formatDateTime } from '../../../lib/format-date';
import { maintenanceIssueOf, midRideLabel } from '../maintenance-issue';
import { CommentCell } from './comment-cell';
import { MaintenanceStatusChip } from './maintenance-status-chip';
import { ScrollTable } from './scroll-table';

interface Props {
  rows: readonly MaintenanceRequestRow[];
  busyId: string | null;
  onAccept: (row: MaintenanceRequestRow) => void;
  onReject: (row: MaintenanceRequestRow) => void;
  onComplete: (row: MaintenanceRequestRow) => void;
  onSaveComment: (row: MaintenanceRequestRow, comment: string) => Promise<boolean>;
}

// Issue and Comment come right after the driver: they are what a head reads first, and they stay clear of the sticky Actions.
const HEADERS = [
  'Request ID',
  'Driver ID',
  'Driver Name',
  'Issue',
  'Comment',
  'Status',
  'Breakdown',
  'Vehicle Type',
  'Requested On',
  'Last Maintenance',
  'Mobile',
  'Actions',
];

/** What went wrong: the reason, or for a mid-ride request what the driver wrote, with 'Mid-ride, ride R…' under it. */
function IssueText({ row }: { row: MaintenanceRequestRow }) {
  const issue = maintenanceIssueOf(row);
  const midRide = midRideLabel(issue);
  return (
    <>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {issue.text}
      </Typography>
      {midRide && (
        <Typography variant="caption" sx={{ display: 'block', fontWeight: 600, color: 'warning.dark' }}>
          {midRide}
        </Typography>
      )}
    </>
  );
}

function RequestActions({
  row,
  busy,
  onAccept,
  onReject,
  onComplete,
}: { row: MaintenanceRequestRow; busy: boolean } & Pick<Props, 'onAccept' | 'onReject' | 'onComplete'>) {
  return (
    <Stack direction="row" spacing={1}>
      {row.STATUS === 'pending' && (
        <>
          <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => onAccept(row)}>
            Accept
          </Button>
          <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => onReject(row)}>
            Reject
          </Button>
        </>
      )}
      {row.STATUS === 'accepted' && (
        <Button size="small" variant="contained" disabled={busy} onClick={() => onComplete(row)} sx={{ whiteSpace: 'nowrap' }}>
          Mark Complete
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
  const facts: [string, string][] = [
    ['Breakdown', row.BREAKDOWN_TYPE || MESSAGES.notAvailable],
    ['Vehicle Type', row.VEHICLE_TYPE],
    ['Requested On', formatDateTime(row.REQUEST_DATE)],
    ['Last Maintenance', formatDateTime(row.LAST_MAINTENANCE_DATE)],
    ['Mobile', row.MOBILE_NUMBER || MESSAGES.notAvailable],
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
          Request {row.ID}
        </Typography>
        <MaintenanceStatusChip status={row.STATUS} />
      </Stack>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {row.DRIVER_NAME || MESSAGES.unknown} ({row.DRIVER_ID})
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        Issue
      </Typography>
      <Box sx={{ mb: 1 }}>
        <IssueText row={row} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        Comment
      </Typography>
      <Box sx={{ mb: 1 }}>
        <CommentCell requestId={row.ID} comment={row.COMMENT_TEXT} busy={busy} onSave={(comment) => onSaveComment(row, comment)} />
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 1.5, typography: 'body2' }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {term}
            </Box>
            <Box component="dd" sx={{ m: 0, textTransform: term === 'Breakdown' ? 'capitalize' : undefined }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      <RequestActions row={row} busy={busy} {...actions} />
    </Paper>
  );
}

export function MaintenanceRequestsTable({ rows, busyId, onAccept, onReject, onComplete, onSaveComment }: Props) {
  const theme = useTheme();
  // Under 600 px a 12-column table shows two columns beside the actions; a card shows the whole request.
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (rows.length === 0) return <Typography sx={{ py: 2 }}>No maintenance requests found</Typography>;
  if (phone) {
    return (
      <Stack component="ul" spacing={1.5} aria-label="Maintenance requests" sx={{ listStyle: 'none', p: 0, m: 0 }}>
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
    <ScrollTable label="Maintenance requests" headers={HEADERS} stickyEnd>
      {rows.map((row) => {
        const busy = busyId === row.ID;
        return (
          <TableRow key={row.ID} data-testid={`maintenance-row-${row.ID}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.ID}</TableCell>
            <TableCell>{row.DRIVER_ID}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.DRIVER_NAME || MESSAGES.unknown}</TableCell>
            <TableCell sx={{ minWidth: 160, maxWidth: 260 }}>
              <IssueText row={row} />
            </TableCell>
            <TableCell sx={{ minWidth: 200 }}>
              <CommentCell requestId={row.ID} comment={row.COMMENT_TEXT} busy={busy} onSave={(comment) => onSaveComment(row, comment)} />
            </TableCell>
            <TableCell>
              <MaintenanceStatusChip status={row.STATUS} />
            </TableCell>
            <TableCell sx={{ textTransform: 'capitalize' }}>{row.BREAKDOWN_TYPE || MESSAGES.notAvailable}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.VEHICLE_TYPE}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.REQUEST_DATE)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.LAST_MAINTENANCE_DATE)}</TableCell>
            <TableCell>{row.MOBILE_NUMBER || MESSAGES.notAvailable}</TableCell>
            <TableCell>
              <RequestActions row={row} busy={busy} onAccept={onAccept} onReject={onReject} onComplete={onComplete} />
            </TableCell>
          </TableRow>
        );
      })}
    </ScrollTable>
  );
}
