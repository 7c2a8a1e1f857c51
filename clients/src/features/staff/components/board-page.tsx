import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import type { BoardWaitingRide } from '@plantride/schemas';
import { PageHeader } from '../../../components/page-header';
import { PushNotifications } from '../../../components/push-notifications';
import { messageOf } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session.store';
import { toast } from '../../../lib/toast';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';
import { useLiveBoard } from '../use-board-live';
import { AssignRideButton } from './assign-ride-dialog';
import { OpenAlerts } from './board-alerts';
import { OpenBreakdowns } from './board-breakdowns';
import { BoardCounts } from './board-counts';
import { DriversByType } from './board-drivers';
import { OffersInFlight, WaitingRides } from './board-rides';

/**
 * /board (issue #32 items 4 and 5): the admin's and the maintenance head's home. What waits and for how
 * long, offers in flight, drivers on shift by type, open breakdowns, and alerts that stay until
 * acknowledged, as the engine answers them; read again on every staff event.
 */
export function BoardPage() {
  const isAdmin = useSession((s) => s.user?.role === 'admin');
  const navigate = useNavigate();
  const { board, advance } = useLiveBoard();
  const acknowledge = useAcknowledgeAlert();
  const [busyId, setBusyId] = useState<string | null>(null);
  const data = board.data;
  // Staff give a waiting ride to a driver by hand (issue #32 item 4); the board reads itself again at the assignment.
  const rideActions = (ride: BoardWaitingRide) => (
    <AssignRideButton rideId={ride.rideId} status={ride.status} onAssigned={(answer) => advance(answer.position)} />
  );

  const onAcknowledge = (alertId: string) => {
    setBusyId(alertId);
    acknowledge.mutate(alertId, {
      onSuccess: (answer) => advance(answer.position),
      // Someone else may have acknowledged it first: say so, and read the board again.
      onError: (error) => {
        toast.error(messageOf(error, 'Could not acknowledge the alert. Please try again.'));
        void board.refetch();
      },
      onSettled: () => setBusyId(null),
    });
  };

  return (
    <>
      <PageHeader title="PlantRide">
        <Button color="inherit" variant="outlined" size="small" onClick={() => navigate('/requests')}>
          Requests
        </Button>
        <Button color="inherit" variant="outlined" size="small" onClick={() => navigate('/maintenance-head')}>
          {isAdmin ? 'Admin Tools' : 'More Tools'}
        </Button>
        {isAdmin && (
          <Button color="inherit" variant="outlined" size="small" onClick={() => navigate('/requester')}>
            Book a Ride
          </Button>
        )}
      </PageHeader>
      <Container component="main" maxWidth="xl" sx={{ py: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            Dispatcher Board
          </Typography>
          <PushNotifications audience="staff" />
          {board.isError && (
            <Alert severity={data ? 'warning' : 'error'}>
              {messageOf(board.error, data ? 'Could not refresh; showing the board as last read.' : 'Could not load the board.')}
            </Alert>
          )}
          {!data ? (
            !board.isError && (
              <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                <CircularProgress size={28} aria-hidden="true" />
                <Typography>Loading the board…</Typography>
              </Box>
            )
          ) : (
            <>
              <BoardCounts counts={data.counts} />
              <Typography variant="body2" color="text.secondary">
                As of {formatTime(data.asOf)}; read again on every change staff hear of and every 15 seconds.
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
                }}
              >
                <OpenAlerts alerts={data.alerts} busyId={busyId} onAcknowledge={onAcknowledge} />
                <WaitingRides rides={data.waitingRides} rideActions={rideActions} />
                <OffersInFlight offers={data.offers} />
                <DriversByType groups={data.drivers} />
                <OpenBreakdowns breakdowns={data.breakdowns} />
              </Box>
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}
