import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import type { BoardWaitingRide } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
        toast.error(messageOf(error, t('staff.board.acknowledgeFailed')));
        void board.refetch();
      },
      onSettled: () => setBusyId(null),
    });
  };

  return (
    <>
      <PageHeader title={t('common.appName')}>
        <Button color="inherit" variant="outlined" size="small" onClick={() => navigate('/requests')}>
          {t('staff.board.requests')}
        </Button>
        <Button color="inherit" variant="outlined" size="small" onClick={() => navigate('/maintenance-head')}>
          {isAdmin ? t('staff.board.adminTools') : t('staff.board.moreTools')}
        </Button>
        {isAdmin && (
          <Button color="inherit" variant="outlined" size="small" onClick={() => navigate('/requester')}>
            {t('staff.board.bookRide')}
          </Button>
        )}
      </PageHeader>
      <Container component="main" maxWidth="xl" sx={{ py: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t('staff.board.title')}
          </Typography>
          <PushNotifications audience="staff" />
          {board.isError && (
            <Alert severity={data ? 'warning' : 'error'}>
              {messageOf(board.error, data ? t('staff.board.refreshFailed') : t('staff.board.loadFailed'))}
            </Alert>
          )}
          {!data ? (
            !board.isError && (
              <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                <CircularProgress size={28} aria-hidden="true" />
                <Typography>{t('staff.board.loading')}</Typography>
              </Box>
            )
          ) : (
            <>
              <BoardCounts counts={data.counts} />
              <Typography variant="body2" color="text.secondary">
                {t('staff.board.asOf', { time: formatTime(data.asOf) })}
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
