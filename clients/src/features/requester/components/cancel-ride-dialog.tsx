import { Typography } from '@mui/material';
import { statusAfterFact, type ResumeState, type RideStatus, type RideTimestamps } from '@plantride/schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';

interface CancelRideDialogProps {
  open: boolean;
  status: RideStatus | null;
  /** The ride's step times: how far it got before its vehicle broke down. */
  timestamps: RideTimestamps | null;
  toLocation: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Where a ride waiting after a breakdown stood when the vehicle broke down, from its step times (a breakdown keeps them). */
export function resumeStateOfTimes(times: RideTimestamps | null): ResumeState | null {
  if (!times) return null;
  if (times.material_drop_time) return 'delivered';
  if (times.material_pick_time) return 'material picked';
  if (times.start_time) return 'started';
  return 'accepted';
}

/** What cancelling means for a ride whose vehicle broke down; null for a ride still only requested. */
export function cancelConsequence(status: RideStatus | null, times: RideTimestamps | null, toLocation: string | null): string | null {
  if (status !== statusAfterFact('RideRedistributed')) return null;
  const destination = toLocation ?? i18n.t('requester.cancel.itsDestination');
  switch (resumeStateOfTimes(times)) {
    case 'delivered':
      return i18n.t('requester.cancel.delivered', { destination });
    case 'material picked':
      return i18n.t('requester.cancel.picked', { destination });
    case 'accepted':
    case 'started':
      return i18n.t('requester.cancel.notPicked');
    case null:
      return i18n.t('requester.cancel.unknown');
  }
}

/** 'Are you sure you want to cancel this ride?' (Yes/No); after a breakdown it first says what cancelling then means. */
export function CancelRideDialog({ open, status, timestamps, toLocation, busy, onConfirm, onCancel }: CancelRideDialogProps) {
  const { t } = useTranslation();
  const consequence = cancelConsequence(status, timestamps, toLocation);
  return (
    <ConfirmDialog
      open={open}
      title={t('messages.confirmCancelRide')}
      confirmLabel={t('requester.cancel.yes')}
      cancelLabel={t('requester.cancel.no')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {consequence && <Typography data-testid="cancel-consequence">{consequence}</Typography>}
    </ConfirmDialog>
  );
}
