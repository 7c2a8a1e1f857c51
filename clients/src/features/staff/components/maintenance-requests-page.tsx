import { useState } from 'react';
import { Alert, Box, Chip, Typography } from '@mui/material';
import { toast } from 'react-toastify';
import { MAINTENANCE_STATUSES, MESSAGES, type MaintenanceRequestRow } from '@plantride/schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { useMaintenanceRequests } from '../api/get-maintenance-requests';
import { useUpdateMaintenanceComment } from '../api/update-maintenance-comment';
import { useUpdateMaintenanceStatus, type MaintenanceStatusChange } from '../api/update-maintenance-status';
import { describeMaintenanceFilter, filterMaintenanceRequests, statusCounts, type MaintenanceFilterForm } from '../maintenance-filters';
import { useLivePosition } from '../use-live-position';
import { closeWarningOf } from '../maintenance-issue';
import { CloseWarningNotice } from './close-warning';
import { MaintenanceFilterBar } from './maintenance-filter-bar';
import { MaintenanceRequestsTable } from './maintenance-requests-table';
import { RejectDialog } from './reject-dialog';
import { StaffPage } from './staff-page';

const LIVE_EVENTS = ['maintenanceRequestAdded', 'newMaintenanceRequest', 'requestStatusUpdated'] as const;

const DONE_TEXT: Record<MaintenanceStatusChange['status'], string> = {
  accepted: 'Request accepted.',
  rejected: 'Request rejected. The driver has been unblocked.',
  completed: MESSAGES.requestCompletedDriverUnblocked,
};

/** /requests: filter bar, status counts, the requests table and its Accept / Reject / Mark Complete actions (SPEC §2, §4). */
export function MaintenanceRequestsPage() {
  const live = useLivePosition(LIVE_EVENTS, (name, payload) => {
    if (name === 'newMaintenanceRequest' && 'message' in payload && payload.message) toast.info(payload.message);
  });
  const requests = useMaintenanceRequests(live.position, live.version);
  const updateStatus = useUpdateMaintenanceStatus();
  const updateComment = useUpdateMaintenanceComment();
  const [applied, setApplied] = useState<MaintenanceFilterForm | null>(null);
  const [rejecting, setRejecting] = useState<MaintenanceRequestRow | null>(null);
  const [completing, setCompleting] = useState<MaintenanceRequestRow | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  // Issue #32: closing a request that took its vehicle out of service says what comes next (as the server's
  // row says the decider would decide it), and asks for the head's check when no inspection will.
  const [vehicleChecked, setVehicleChecked] = useState(false);
  const closing = rejecting ?? completing;
  const closeWarning = closing ? closeWarningOf(closing) : null;
  const checkMissing = closeWarning?.needsCheck === true && !vehicleChecked;

  const rows = requests.data ?? [];
  const shown = filterMaintenanceRequests(rows, applied);
  const counts = statusCounts(rows);

  const changeStatus = async (change: MaintenanceStatusChange) => {
    setBusyId(change.id);
    try {
      const answer = await updateStatus.mutateAsync(change);
      toast.success(DONE_TEXT[change.status]);
      live.advance(answer.position);
    } catch (error) {
      toast.error(messageOf(error, 'Failed to update the request. The list has been reloaded.'));
      // A failed update reloads the list (SPEC §4): someone else may have moved the request on.
      await requests.refetch();
    } finally {
      setBusyId(null);
      setRejecting(null);
      setCompleting(null);
      setVehicleChecked(false);
    }
  };
  const closeDialogs = () => {
    setRejecting(null);
    setCompleting(null);
    setVehicleChecked(false);
  };

  const saveComment = async (row: MaintenanceRequestRow, comment: string): Promise<boolean> => {
    setBusyId(row.ID);
    try {
      const answer = await updateComment.mutateAsync({ id: row.ID, comment });
      live.advance(answer.position);
      return true;
    } catch {
      toast.error(MESSAGES.failedToUpdateComment);
      return false;
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <StaffPage title={MESSAGES.maintenanceRequests} maxWidth="xl">
        <MaintenanceFilterBar onApply={setApplied} onClear={() => setApplied(null)} />
        <Box component="section" aria-label="Status summary" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Chip label={`Total: ${rows.length}`} variant="outlined" />
          {MAINTENANCE_STATUSES.map((status) => (
            <Chip
              key={status}
              label={`${status}: ${counts[status]}`}
              variant="outlined"
              sx={{ textTransform: 'capitalize' }}
              data-testid={`count-${status}`}
            />
          ))}
        </Box>
        {applied && (
          <Typography role="status">
            {describeMaintenanceFilter(applied)} · {shown.length} of {rows.length} requests
          </Typography>
        )}
        {requests.isError && !requests.data ? (
          <Alert severity="error">{messageOf(requests.error, 'Could not load maintenance requests.')}</Alert>
        ) : requests.isPending ? (
          <Typography role="status">Loading…</Typography>
        ) : (
          <MaintenanceRequestsTable
            rows={shown}
            busyId={busyId}
            onAccept={(row) => void changeStatus({ id: row.ID, status: 'accepted' })}
            onReject={setRejecting}
            onComplete={setCompleting}
            onSaveComment={saveComment}
          />
        )}
      </StaffPage>
      <RejectDialog
        requestId={rejecting?.ID ?? null}
        busy={busyId !== null}
        onClose={closeDialogs}
        onReject={(reason) => rejecting && void changeStatus({ id: rejecting.ID, status: 'rejected', reason })}
        submitDisabled={checkMissing}
      >
        <CloseWarningNotice warning={closeWarning} checked={vehicleChecked} onChecked={setVehicleChecked} />
      </RejectDialog>
      <ConfirmDialog
        open={completing !== null}
        title="Mark Complete"
        confirmLabel="Yes"
        cancelLabel="No"
        busy={busyId !== null}
        confirmDisabled={checkMissing}
        onCancel={closeDialogs}
        onConfirm={() =>
          completing && void changeStatus({ id: completing.ID, status: 'completed', maintenanceDate: new Date().toISOString() })
        }
      >
        <Typography>
          Mark request {completing?.ID} of {completing?.DRIVER_NAME || completing?.DRIVER_ID} as completed? The driver will be unblocked.
        </Typography>
        <CloseWarningNotice warning={closeWarning} checked={vehicleChecked} onChecked={setVehicleChecked} />
      </ConfirmDialog>
    </>
  );
}
