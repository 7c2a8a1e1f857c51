import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { MESSAGES, isCancellable, rideStatusTitle, type RideStatus, type RideTimestamps } from '@plantride/schemas';
import { BOOKING_STEPS, bookingTrackerStep } from '../ride-steps';
import { RideTracker } from '../../../components/ride-tracker';
import { StatusChip } from './status-chip';

interface RideProgressProps {
  rideId: string;
  status: RideStatus | null;
  timestamps: RideTimestamps | null;
  acceptedAt: string | null;
  notice: string | null;
  /** Only the ride being tracked live shows the waiting spinner. */
  live: boolean;
  newBookingLabel: string;
  onNewBooking: () => void;
  onCancel: () => void;
  cancelling: boolean;
}

/** 'Ride Status for Ride ID', the waiting spinner, Cancel Request and the six-step tracker. */
export function RideProgress(props: RideProgressProps) {
  const { rideId, status, timestamps, acceptedAt, notice, live, cancelling } = props;
  const waiting = live && (status === 'requested' || status === 'waiting_for_reassignment');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {rideStatusTitle(rideId)}
        </Typography>
        {status && <StatusChip status={status} />}
      </Stack>
      {waiting && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2 }} role="status">
          <CircularProgress size={28} aria-hidden="true" />
          <Typography>{status === 'requested' ? MESSAGES.requestingTransport : MESSAGES.waitingForNewDriver}</Typography>
        </Stack>
      )}
      <Box role="status" aria-live="polite" sx={{ minHeight: notice ? undefined : 0 }}>
        {notice && (
          <Alert severity={notice === MESSAGES.vehicleBrokeDown ? 'warning' : 'info'} sx={{ my: 1 }}>
            {notice}
          </Alert>
        )}
      </Box>
      <RideTracker steps={BOOKING_STEPS} step={bookingTrackerStep(status)} timestamps={timestamps} acceptedAt={acceptedAt} label="Ride progress" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {isCancellable(status) && (
          <Button color="error" variant="outlined" onClick={props.onCancel} disabled={cancelling}>
            Cancel Request
          </Button>
        )}
        <Button variant="contained" onClick={props.onNewBooking}>
          {props.newBookingLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
