import { useEffect, useState } from 'react';
import { Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useMachine } from '@xstate/react';
import { toast } from 'react-toastify';
import { LIMITS, MESSAGES, SERVER_MESSAGES, rideMachine, rideStatusOf, type RideHistoryRow } from '@plantride/schemas';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useUpdateTimestamps } from '../api/update-timestamps';
import { DRIVER_STEPS, driverRideSnapshot, factsToReach, nextStep, stepFact, type DriverStep } from '../driver-steps';
import { RequesterDetailsDialog } from './requester-details-dialog';

interface OngoingRideCardProps {
  ride: RideHistoryRow;
  driverId: string;
  blocked: boolean;
  /** A step was recorded at this store position (null: refused, the screen is behind): read the ride lists again. */
  onMoved: (position: number | null) => void;
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** +10 every second up to 100 while the ride is ongoing (SPEC §4). */
function useRideProgress(): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (progress >= LIMITS.progressBarMax) return;
    const timer = setTimeout(() => setProgress((p) => Math.min(LIMITS.progressBarMax, p + LIMITS.progressBarStep)), LIMITS.progressBarTickMs);
    return () => clearTimeout(timer);
  }, [progress]);
  return progress;
}

/**
 * The driver's ride in progress. The shared ride statechart, started where the server says the
 * ride is, decides which step button is live; each recorded step is fed to it as a fact.
 * Rendered with `key={rideId}` so a new ride starts a new actor.
 */
export function OngoingRideCard({ ride, driverId, blocked, onMoved }: OngoingRideCardProps) {
  const [initial] = useState(() => driverRideSnapshot(ride, driverId));
  const [snapshot, send] = useMachine(rideMachine, { snapshot: initial });
  const update = useUpdateTimestamps();
  const [pending, setPending] = useState<DriverStep | null>(null);
  const [showRequester, setShowRequester] = useState(false);
  const progress = useRideProgress();

  // The server moved on without this screen (another tab, a reload, the socket): catch the actor up.
  useEffect(() => {
    for (const fact of factsToReach(snapshot, ride.STATUS, driverId)) send(fact);
  }, [ride.STATUS, snapshot, driverId, send]);

  const next = nextStep(snapshot, driverId);
  const status = rideStatusOf(snapshot) ?? ride.STATUS;
  const special = ride.RIDE_TYPE === 'Special Task';

  async function run(step: DriverStep) {
    if (blocked) {
      toast.info(MESSAGES.blockedCannotAccept);
      return;
    }
    setPending(step);
    try {
      if (step.command === 'end') await wait(LIMITS.endRideDelayMs);
      const answer = await update.mutateAsync({ rideId: ride.RIDE_ID, event: step.command });
      send(stepFact(step, ride.RIDE_ID, driverId));
      if (step.command === 'end') toast.success(MESSAGES.rideEnded);
      onMoved(answer.position);
    } catch (error) {
      toast.error(step.command === 'end' ? MESSAGES.failedToEndRide : messageOf(error, SERVER_MESSAGES.actionNotAllowed));
      // A refused step means the screen is behind the ride: read it again.
      if (error instanceof ApiError && error.status === 409) onMoved(null);
    } finally {
      setPending(null);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="ongoing-ride-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="ongoing-ride">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id="ongoing-ride-title">
          Ongoing Ride
        </Typography>
        <Chip label={special ? 'Special Task Ride' : 'Regular Ride'} color={special ? 'secondary' : 'primary'} size="small" />
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
        <dt>Ride ID</dt>
        <dd data-testid="ongoing-ride-id">{ride.RIDE_ID}</dd>
        <dt>From</dt>
        <dd>{ride.FROM_LOCATION}</dd>
        <dt>To</dt>
        <dd>{ride.TO_LOCATION}</dd>
        <dt>Status</dt>
        <dd data-testid="ongoing-ride-status">{status}</dd>
      </Box>
      <LinearProgress variant="determinate" value={progress} aria-label="Ride progress" sx={{ my: 2, height: 8, borderRadius: 4 }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
        {DRIVER_STEPS.map((step) => (
          <Button
            key={step.command}
            variant={next === step ? 'contained' : 'outlined'}
            color={step.command === 'end' ? 'secondary' : 'primary'}
            disabled={next !== step || pending !== null}
            onClick={() => void run(step)}
          >
            {pending === step ? MESSAGES.processing : step.label}
          </Button>
        ))}
        <Button variant="text" onClick={() => setShowRequester(true)}>
          Requester Details
        </Button>
      </Stack>
      <RequesterDetailsDialog open={showRequester} userId={ride.USER_ID} onClose={() => setShowRequester(false)} />
    </Paper>
  );
}
