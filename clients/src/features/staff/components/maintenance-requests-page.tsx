import { useState } from 'react';
import { Alert, Box, Chip, Typography } from '@mui/material';
import { toast } from '../../../lib/toast';
import { MAINTENANCE_STATUSES, type MaintenanceRequestRow } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';
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

const DONE_TEXT = {
  accepted: 'staff.requests.accepted',
  rejected: 'staff.requests.rejected',
  completed: 'messages.requestCompletedDriverUnblocked',
} as const satisfies Record<MaintenanceStatusChange['status'], string>;

/** /requests: filter bar, status counts, the requests table and its Accept / Reject / Mark Complete actions (SPEC §2, §4). */
export function MaintenanceRequestsPage() {
  const live = useLivePosition(LIVE_EVENTS, (name, payload) => {
    if (name === 'newMaintenanceRequest' && 'message' in payload && payload.message) toast.info(translateMessage(payload.message));
  });
  const requests = useMaintenanceRequests(live.position, live.version);
  const { t } = useTranslation();
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
      toast.success(t(DONE_TEXT[change.status]));
      live.advance(answer.position);
    } catch (error) {
      toast.error(messageOf(error, t('staff.requests.updateFailed')));
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
      toast.error(t('messages.failedToUpdateComment'));
      return false;
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <StaffPage title={t('messages.maintenanceRequests')} maxWidth="xl">
        <MaintenanceFilterBar onApply={setApplied} onClear={() => setApplied(null)} />
        <Box component="section" aria-label={t('staff.requests.statusSummary')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Chip label={t('staff.requests.total', { count: rows.length })} variant="outlined" />
          {MAINTENANCE_STATUSES.map((status) => (
            <Chip
              key={status}
              label={`${t(`staff.common.statuses.${status}`)}: ${counts[status]}`}
              variant="outlined"
              sx={{ textTransform: 'capitalize' }}
              data-testid={`count-${status}`}
            />
          ))}
        </Box>
        {applied && (
          <Typography role="status">
            {t('staff.requests.shownOf', { filter: describeMaintenanceFilter(applied), shown: shown.length, total: rows.length })}
          </Typography>
        )}
        {requests.isError && !requests.data ? (
          <Alert severity="error">{messageOf(requests.error, t('staff.requests.loadFailed'))}</Alert>
        ) : requests.isPending ? (
          <Typography role="status">{t('staff.common.loading')}</Typography>
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
        title={t('staff.requests.markComplete')}
        confirmLabel={t('staff.common.yes')}
        cancelLabel={t('staff.common.no')}
        busy={busyId !== null}
        confirmDisabled={checkMissing}
        onCancel={closeDialogs}
        onConfirm={() =>
          completing && void changeStatus({ id: completing.ID, status: 'completed', maintenanceDate: new Date().toISOString() })
        }
      >
        <Typography>
          {t('staff.requests.completeQuestion', { id: completing?.ID, driver: completing?.DRIVER_NAME || completing?.DRIVER_ID })}
        </Typography>
        <CloseWarningNotice warning={closeWarning} checked={vehicleChecked} onChecked={setVehicleChecked} />
      </ConfirmDialog>
    </>
  );
}
