import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { toast } from '../../../lib/toast';
import {
  LIMITS,
  MESSAGES,
  SERVER_MESSAGES,
  isAheadOf,
  nextDriverStep,
  statusAfterStep,
  type RideHistoryRow,
  type RideStatus,
  type ScanProof,
  type TimestampEvent,
  type UpdateTimestampsBody,
} from '@plantride/schemas';
import { ApiError, NoAnswerError, messageOf } from '../../../lib/api-client';
import { useOfflineQueue, waitingForNetwork } from '../../../lib/offline-queue';
import { queueTimestamps, stepTag, useUpdateTimestamps } from '../api/update-timestamps';
import { DRIVER_STEPS, stepNotAnswered, type DriverStep } from '../driver-steps';
import { LoadSummary } from '../../../components/load-summary';
import { HandOverDetails } from './hand-over-details';
import { RequesterDetailsDialog } from './requester-details-dialog';
import { ScanDialog } from './scan-dialog';
import { useTranslation } from 'react-i18next';

interface OngoingRideCardProps {
  ride: RideHistoryRow;
  /** False while the ride shown is the last known copy the server has not yet answered for (a reload offline). */
  confirmed?: boolean;
  blocked: boolean;
  /** A step was recorded at this store position (null: refused, the screen is behind): read the ride lists again. */
  onMoved: (position: number | null) => void;
}

/** The mark on a ride shown as last known, before the server has answered for it again. */
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** +10 every second up to 100 while the ride is ongoing (SPEC §4). */
function useRideProgress(): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (progress >= LIMITS.progressBarMax) return;
    const timer = setTimeout(
      () => setProgress((p) => Math.min(LIMITS.progressBarMax, p + LIMITS.progressBarStep)),
      LIMITS.progressBarTickMs,
    );
    return () => clearTimeout(timer);
  }, [progress]);
  return progress;
}

/**
 * The driver's ride in progress. The shared ride statechart (through the schemas' status helpers)
 * decides which step button is live at the status the server reports, or at the status his own
 * last recorded step left it in, whichever is further. Rendered with `key={rideId}`.
 */
export function OngoingRideCard({ ride, confirmed = true, blocked, onMoved }: OngoingRideCardProps) {
  const update = useUpdateTimestamps();
  const { t } = useTranslation();
  const [recorded, setRecorded] = useState<RideStatus | null>(null);
  const [pending, setPending] = useState<DriverStep | null>(null);
  const [showRequester, setShowRequester] = useState(false);
  // Issue #34 item 2: the step waiting for a scan of its place's code (the engine says which: the row's SCANS).
  const [scanning, setScanning] = useState<DriverStep | null>(null);
  const scanOf = (step: DriverStep) => ride.SCANS?.find((scan) => scan.step === step.command) ?? null;
  const progress = useRideProgress();
  // Steps tapped with no network wait in the offline queue (issue #19), in the order tapped, each with the
  // time of its tap (issue #32 item 2): their buttons say so until they go, and the next step can be tapped.
  const commands = useOfflineQueue((s) => s.commands);
  const queued = commands.filter((c) => c.tag === stepTag(ride.RIDE_ID));
  const queuedSteps = queued.map((c) => (c.body as UpdateTimestampsBody).event);
  // A step sent with no answer: tapped again, it goes as the same action (same body, so the same key and tap time).
  const unanswered = useRef<UpdateTimestampsBody | null>(null);

  // The server's row may lag behind his own step for a moment, and may run ahead of it (another tab, a
  // reload); steps waiting in the queue take it further still.
  const furthest = (a: RideStatus, b: RideStatus | null) => (b !== null && isAheadOf(b, a) ? b : a);
  const lastQueued: TimestampEvent | undefined = queuedSteps.at(-1);
  const status = furthest(furthest(ride.STATUS, recorded), lastQueued ? statusAfterStep(lastQueued) : null);
  const next = DRIVER_STEPS.find((step) => step.command === nextDriverStep(status)) ?? null;
  const special = ride.RIDE_TYPE === 'Special Task';

  /** Sends a step (with its scan, when it needs one); answers the engine's refusal of the scan in words, else null. */
  async function run(step: DriverStep, scan?: ScanProof): Promise<string | null> {
    if (blocked) {
      toast.info(MESSAGES.blockedCannotAccept);
      return null;
    }
    // Timed at the tap: a step that waits on the phone keeps the moment it was done.
    const last = unanswered.current;
    const again = last?.event === step.command && JSON.stringify(last.scan) === JSON.stringify(scan) ? last : null;
    const body: UpdateTimestampsBody = again ?? {
      rideId: ride.RIDE_ID,
      event: step.command,
      doneAt: new Date().toISOString(),
      ...(scan ? { scan } : {}),
    };
    const doneMessage = step.command === 'end' ? MESSAGES.rideEnded : undefined;
    // Behind steps still waiting, a step waits too: they go in the order tapped (a scan with it).
    if (!navigator.onLine || queued.length > 0) {
      queueTimestamps(ride.DRIVER_ID ?? '', body, step.labelKey, doneMessage);
      return null;
    }
    setPending(step);
    try {
      if (step.command === 'end') await wait(LIMITS.endRideDelayMs);
      unanswered.current = body;
      const answer = await update.mutateAsync(body);
      unanswered.current = null;
      setRecorded(statusAfterStep(step.command));
      if (step.command === 'end') toast.success(MESSAGES.rideEnded);
      onMoved(answer.position);
      return null;
    } catch (error) {
      // The network went while it was on its way: it waits for the connection, under the same key.
      if (error instanceof NoAnswerError && !navigator.onLine) {
        unanswered.current = null;
        queueTimestamps(ride.DRIVER_ID ?? '', body, step.labelKey, doneMessage);
        return null;
      }
      if (!(error instanceof NoAnswerError)) unanswered.current = null;
      // A scan the engine did not take (no code, another place's): said in the scan dialog, for another try.
      if (scan && error instanceof ApiError && error.status === 400) return messageOf(error, SERVER_MESSAGES.actionNotAllowed);
      if (step.command === 'end') toast.error(MESSAGES.failedToEndRide);
      else toast.error(error instanceof NoAnswerError ? stepNotAnswered() : messageOf(error, SERVER_MESSAGES.actionNotAllowed));
      // A refused step means the screen is behind the ride (a scan asked for since it was read, too): read it again.
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) onMoved(null);
      return null;
    } finally {
      setPending(null);
    }
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="ongoing-ride-title"
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid="ongoing-ride"
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id="ongoing-ride-title">
          {t('driver.ongoingRide')}
        </Typography>
        <Stack direction="row" spacing={0.5}>
          {!confirmed && <Chip label={t('driver.notYetConfirmed')} color="warning" size="small" data-testid="ride-not-confirmed" />}
          {ride.PRIORITY === 'urgent' && <Chip label={t('driver.urgentChip')} color="error" size="small" sx={{ fontWeight: 700 }} />}
          <Chip
            label={special ? t('driver.specialTaskRide') : t('driver.fixedRide')}
            color={special ? 'secondary' : 'primary'}
            size="small"
          />
        </Stack>
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          '& dt': { fontWeight: 600 },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>{t('driver.columns.rideId')}</dt>
        <dd data-testid="ongoing-ride-id">{ride.RIDE_ID}</dd>
        <dt>{t('driver.columns.from')}</dt>
        <dd>{ride.FROM_LOCATION}</dd>
        <dt>{t('driver.columns.to')}</dt>
        <dd>{ride.TO_LOCATION}</dd>
        <dt>{t('driver.columns.status')}</dt>
        <dd data-testid="ongoing-ride-status">{status}</dd>
      </Box>
      <LoadSummary load={ride.LOAD} testId="ongoing-ride-load" />
      {ride.IS_REDISTRIBUTED && (
        <HandOverDetails
          testId="ongoing-hand-over"
          facts={{
            fromLocation: ride.FROM_LOCATION,
            toLocation: ride.TO_LOCATION,
            rideState: ride.RIDE_STATE,
            maintenanceComment: ride.MAINTENANCE_COMMENT,
            originalDriverName: ride.ORIGINAL_DRIVER_NAME,
            originalDriverMobile: ride.ORIGINAL_DRIVER_MOBILE,
            status,
          }}
        />
      )}
      <LinearProgress
        variant="determinate"
        value={progress}
        aria-label={t('driver.rideProgress')}
        sx={{ my: 2, height: 8, borderRadius: 4 }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
        {DRIVER_STEPS.map((step) => (
          <Button
            key={step.command}
            variant={next === step ? 'contained' : 'outlined'}
            color={step.command === 'end' ? 'secondary' : 'primary'}
            disabled={next !== step || pending !== null}
            onClick={() => (scanOf(step) ? setScanning(step) : void run(step))}
          >
            {queuedSteps.includes(step.command) ? t('driver.waitingForNetwork') : pending === step ? t('messages.processing') : step.label}
          </Button>
        ))}
        <Button variant="text" onClick={() => setShowRequester(true)}>
          {t('driver.requesterDetails')}
        </Button>
      </Stack>
      {queued.map((command) => (
        <Alert key={command.key} severity="warning" sx={{ mt: 2 }} data-testid="step-waiting">
          {waitingForNetwork(command)}
        </Alert>
      ))}
      {scanning && (
        <ScanDialog
          stepLabel={scanning.label}
          place={scanOf(scanning)?.place ?? ride.FROM_LOCATION}
          onProof={(scan) => run(scanning, scan)}
          onClose={() => setScanning(null)}
        />
      )}
      <RequesterDetailsDialog open={showRequester} userId={ride.USER_ID} onClose={() => setShowRequester(false)} />
    </Paper>
  );
}
