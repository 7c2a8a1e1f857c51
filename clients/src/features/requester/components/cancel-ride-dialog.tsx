import { Typography } from '@mui/material';
import { MESSAGES, statusAfterFact, type ResumeState, type RideStatus, type RideTimestamps } from '@plantride/schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';

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
  const destination = toLocation ?? 'its destination';
  switch (resumeStateOfTimes(times)) {
    case 'delivered':
      return `The material was already dropped at ${destination} before the vehicle broke down. If you cancel, the ride is closed as cancelled instead of completed.`;
    case 'material picked':
      return `The material was already picked up by the vehicle that broke down. If you cancel, the ride ends there: no other driver will bring the material to ${destination}, and you will have to arrange to collect it from that vehicle.`;
    case 'accepted':
    case 'started':
      return 'The vehicle broke down before the material was picked up. If you cancel, the ride ends now and no driver will come for the material.';
    case null:
      return 'The vehicle carrying out this ride broke down. If you cancel, the ride ends now and no other driver will take it over.';
  }
}

/** 'Are you sure you want to cancel this ride?' (Yes/No); after a breakdown it first says what cancelling then means. */
export function CancelRideDialog({ open, status, timestamps, toLocation, busy, onConfirm, onCancel }: CancelRideDialogProps) {
  const consequence = cancelConsequence(status, timestamps, toLocation);
  return (
    <ConfirmDialog
      open={open}
      title={MESSAGES.confirmCancelRide}
      confirmLabel="Yes"
      cancelLabel="No"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {consequence && <Typography data-testid="cancel-consequence">{consequence}</Typography>}
    </ConfirmDialog>
  );
}
