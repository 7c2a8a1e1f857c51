import { Button, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { MESSAGES, type MaintenanceRequestRow } from '@plantride/schemas';
import { formatDateTime } from '../../../lib/format-date';
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

const HEADERS = ['Request ID', 'Driver ID', 'Driver Name', 'Mobile', 'Vehicle Type', 'Issue', 'Breakdown', 'Requested On', 'Last Maintenance', 'Status', 'Comment', 'Actions'];

export function MaintenanceRequestsTable({ rows, busyId, onAccept, onReject, onComplete, onSaveComment }: Props) {
  if (rows.length === 0) return <Typography sx={{ py: 2 }}>No maintenance requests found</Typography>;
  return (
    <ScrollTable label="Maintenance requests" headers={HEADERS} stickyEnd>
      {rows.map((row) => {
        const busy = busyId === row.ID;
        return (
          <TableRow key={row.ID} data-testid={`maintenance-row-${row.ID}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.ID}</TableCell>
            <TableCell>{row.DRIVER_ID}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.DRIVER_NAME || MESSAGES.unknown}</TableCell>
            <TableCell>{row.MOBILE_NUMBER || MESSAGES.notAvailable}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.VEHICLE_TYPE}</TableCell>
            <TableCell sx={{ minWidth: 140 }}>{row.ISSUE || MESSAGES.notAvailable}</TableCell>
            <TableCell sx={{ textTransform: 'capitalize' }}>{row.BREAKDOWN_TYPE || MESSAGES.notAvailable}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.REQUEST_DATE)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.LAST_MAINTENANCE_DATE)}</TableCell>
            <TableCell>
              <MaintenanceStatusChip status={row.STATUS} />
            </TableCell>
            <TableCell>
              <CommentCell requestId={row.ID} comment={row.COMMENT_TEXT} busy={busy} onSave={(comment) => onSaveComment(row, comment)} />
            </TableCell>
            <TableCell>
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
            </TableCell>
          </TableRow>
        );
      })}
    </ScrollTable>
  );
}
