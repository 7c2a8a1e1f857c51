import { useEffect, useState } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import {
  MESSAGES,
  isAwaitingDriver,
  isCancellable,
  rideStatusTitle,
  type DriverDetails,
  type RideStatus,
  type RideTimestamps,
} from '@plantride/schemas';
import { BOOKING_STEPS, breakdownStepNote, bookingStepOf } from '../ride-steps';
import { RideTracker } from '../../../components/ride-tracker';
import { DateTimeText } from '../../../components/date-time-text';
import { PhoneLink } from '../../../components/phone-link';
import { formatDateTime } from '../../../lib/format-date';
import { StatusChip } from './status-chip';
import { UrgentChip } from './urgent-chip';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { translateMessage } from '../../../i18n/translate-message';

/** What the screen knows of the ride from the requester's history: its route, vehicle type and when it was booked. */
export interface RideSummary {
  fromLocation: string;
  toLocation: string;
  vehicleType: string;
  requestedAt: string;
  /** Issue #20: when a ride booked for later is wanted (null: booked for now). */
  wantedAt?: string | null;
  /**
   * What the waiting time counts from: when it was booked, or for a ride booked for later when it
   * went to drivers; null when that is not known here (then no count is shown). Unset: `requestedAt`.
   */
  waitingSince?: string | null;
}

/**
 * Whole seconds since `iso`, read again when the wait reaches its next whole minute (a 15 s poll
 * could show 'less than a minute' until 75 s).
 */
function useWaitedSeconds(iso: string | null): number | null {
  const [, rerender] = useState(0);
  const since = iso ? Date.parse(iso) : NaN;
  const seconds = Number.isNaN(since) ? null : Math.max(0, Math.floor((Date.now() - since) / 1000));
  useEffect(() => {
    if (seconds === null) return;
    const timer = setTimeout(() => rerender((n) => n + 1), (60 - (seconds % 60)) * 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return seconds;
}

/** The wait in whole minutes, rounded down: 60-119 s is '1 min'. */
export function waitedText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return i18n.t('requester.progress.waitingUnderMinute');
  return i18n.t('requester.progress.waitingMinutes', { minutes });
}

function RideFacts({ ride, waiting }: { ride: RideSummary; waiting: boolean }) {
  const { t } = useTranslation();
  const since = ride.waitingSince === undefined ? ride.requestedAt : ride.waitingSince;
  const waited = useWaitedSeconds(waiting ? since : null);
  const wanted = ride.wantedAt ? formatDateTime(ride.wantedAt) : null;
  return (
    <Box
      component="dl"
      data-testid="ride-facts"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
        my: 1,
        '& dt': { fontWeight: 600 },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      <dt>{t('requester.progress.route')}</dt>
      <dd>
        {ride.fromLocation} → {ride.toLocation}
      </dd>
      <dt>{t('driver.columns.vehicle')}</dt>
      <dd>{ride.vehicleType}</dd>
      <dt>{t('tracker.requested')}</dt>
      <dd>
        <DateTimeText text={formatDateTime(ride.requestedAt)} />
        {waiting && waited !== null && (
          <Typography component="span" color="text.secondary" data-testid="waited">{` · ${waitedText(waited)}`}</Typography>
        )}
      </dd>
      {wanted && (
        <>
          <dt>{t('requester.progress.wanted')}</dt>
          <dd data-testid="wanted-at">{wanted}</dd>
        </>
      )}
    </Box>
  );
}

/** The ride's end, kept until the requester dismisses it: where it went, who drove, and when each step happened. */
function CompletionSummary({
  ride,
  driver,
  timestamps,
  onDismiss,
}: {
  ride: RideSummary | null;
  driver: DriverDetails | null;
  timestamps: RideTimestamps | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const times = [
    { label: t('requester.progress.pickedUp'), value: timestamps?.material_pick_time },
    { label: t('tracker.delivered'), value: timestamps?.material_drop_time },
    { label: t('requester.progress.ended'), value: timestamps?.end_time },
  ];
  return (
    <Alert severity="success" data-testid="ride-completed" sx={{ my: 2, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle component="h3" sx={{ fontWeight: 600 }}>
        {t('requester.progress.completed')}
      </AlertTitle>
      {ride && (
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {ride.fromLocation} → {ride.toLocation} ({ride.vehicleType})
        </Typography>
      )}
      {driver && (
        <Typography>
          {t('requester.progress.driver', { name: driver.name })}
          {driver.mobile && (
            <>
              {' · '}
              <PhoneLink name={driver.name} mobile={driver.mobile} color="inherit" />
            </>
          )}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          m: 0,
          mt: 0.5,
          '& dt': { fontWeight: 600 },
          '& dd': { m: 0 },
        }}
      >
        {times.map(({ label, value }) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>
              <DateTimeText text={formatDateTime(value)} />
            </dd>
          </Box>
        ))}
      </Box>
      <Button color="inherit" variant="outlined" onClick={onDismiss} sx={{ mt: 1.5, minHeight: 44 }}>
        {t('driver.dismiss')}
      </Button>
    </Alert>
  );
}

interface RideProgressProps {
  rideId: string;
  status: RideStatus | null;
  timestamps: RideTimestamps | null;
  /** When the driver was assigned, if the step times do not say it yet. */
  acceptedAt?: string | null;
  notice: string | null;
  /** Only the ride being tracked live shows the waiting spinner. */
  live: boolean;
  newBookingLabel: string;
  onNewBooking: () => void;
  onCancel: () => void;
  cancelling: boolean;
  /** Route, vehicle type and booking time, once the history has the ride. */
  ride?: RideSummary | null;
  driver?: DriverDetails | null;
  /** Closes the completed ride's summary (the screen then offers a new booking). */
  onDismiss?: () => void;
  /** A ride booked for later, not yet gone to drivers: 'Scheduled for 27 Nov 2026, 14:30 · goes to drivers at 14:15'. */
  scheduled?: string | null;
  urgent?: boolean;
}

/** 'Ride Status for Ride ID', the waiting spinner, Cancel Request and the six-step tracker. */
export function RideProgress(props: RideProgressProps) {
  const { t } = useTranslation();
  const { rideId, status, timestamps, acceptedAt = null, notice, live, cancelling } = props;
  const waiting = live && isAwaitingDriver(status);
  const brokeDown = status === 'waiting_for_reassignment';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {translateMessage(rideStatusTitle(rideId))}
        </Typography>
        {props.urgent && <UrgentChip />}
        {status && <StatusChip status={status} />}
      </Stack>
      {props.scheduled && (
        <Alert severity="info" sx={{ my: 1 }} data-testid="scheduled-for">
          {props.scheduled}
        </Alert>
      )}
      {props.ride && <RideFacts ride={props.ride} waiting={waiting} />}
      {live && status === 'completed' && props.onDismiss && (
        <CompletionSummary ride={props.ride ?? null} driver={props.driver ?? null} timestamps={timestamps} onDismiss={props.onDismiss} />
      )}
      {waiting && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2 }} role="status">
          <CircularProgress size={28} aria-hidden="true" />
          <Typography>{status === 'requested' ? MESSAGES.requestingTransport : MESSAGES.waitingForNewDriver}</Typography>
        </Stack>
      )}
      <Box role="status" aria-live="polite" sx={{ minHeight: notice ? undefined : 0 }}>
        {notice && (
          <Alert severity={notice === MESSAGES.vehicleBrokeDown ? 'warning' : 'info'} sx={{ my: 1 }}>
            {translateMessage(notice)}
          </Alert>
        )}
      </Box>
      {/* The actions above the steps: on a phone they stay in the upper half, clear of the toasts at the bottom. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1 }}>
        {isCancellable(status) && (
          <Button color="error" variant="outlined" onClick={props.onCancel} disabled={cancelling}>
            {t('requester.cancelRequest')}
          </Button>
        )}
        <Button variant="contained" onClick={props.onNewBooking}>
          {props.newBookingLabel}
        </Button>
      </Stack>
      <RideTracker
        steps={BOOKING_STEPS}
        step={bookingStepOf(status, timestamps, acceptedAt)}
        timestamps={timestamps}
        acceptedAt={acceptedAt}
        label={t('driver.rideProgress')}
        note={brokeDown ? breakdownStepNote() : null}
      />
    </Paper>
  );
}
