import { Button, Container, Paper, Stack, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session.store';
import { useRideHistory } from '../api/get-ride-history';
import { useTrackedRide } from '../stores/tracked-ride.store';
import { DashboardRideStatus } from './dashboard-ride-status';
import { RideHistoryList } from './ride-history-list';
import { useTranslation } from 'react-i18next';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** /requester: greeting, type of booking, history and a ride's four-step status (SPEC §2). */
export function RequesterDashboard() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const position = useTrackedRide((s) => s.position);
  const view = params.get('view');
  const rideId = params.get('ride');
  const history = useRideHistory(user?.token_no ?? '', position);
  if (!user) return null;
  const staff = user.role === 'admin' || user.role === 'maintenanceHead';

  return (
    <>
      <PageHeader title={t('common.appName')}>
        {staff && (
          <Button color="inherit" variant="outlined" size="small" onClick={() => navigate('/board')}>
            {t('requester.board')}
          </Button>
        )}
        {staff && (
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            onClick={() => navigate('/maintenance-head', { state: { fromAdmin: true } })}
          >
            {t('requester.maintenancePanel')}
          </Button>
        )}
      </PageHeader>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {firstName(user.name)
            ? t('requester.helloNamed', { name: firstName(user.name), tokenNo: user.token_no })
            : t('driver.hello', { name: user.token_no })}
        </Typography>
        {rideId ? (
          <DashboardRideStatus rideId={rideId} position={position} onBack={() => setParams({})} />
        ) : view === 'history' ? (
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {t('messages.yourRideHistory')}
            </Typography>
            {history.isPending ? (
              <Typography>{t('requester.loading')}</Typography>
            ) : (
              <RideHistoryList rides={history.data ?? []} onOpen={(ride) => setParams({ ride: ride.RIDEID })} />
            )}
            <Button variant="outlined" onClick={() => setParams({})} sx={{ alignSelf: 'flex-start' }}>
              {t('common.back')}
            </Button>
          </Stack>
        ) : (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="booking-type-title">
            <Typography variant="h6" component="h2" id="booking-type-title">
              {t('messages.typeOfBookingRequired')}
            </Typography>
            <Typography sx={{ mb: 2 }}>{t('messages.selectRideType')}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button variant="contained" size="large" onClick={() => navigate('/available-rides')}>
                {t('driver.fixedRide')}
              </Button>
              <Button variant="contained" size="large" color="secondary" onClick={() => navigate('/special-task-ride')}>
                {t('driver.specialTaskRide')}
              </Button>
              <Button variant="outlined" size="large" onClick={() => setParams({ view: 'history' })}>
                {t('messages.yourRideHistory')}
              </Button>
            </Stack>
          </Paper>
        )}
      </Container>
    </>
  );
}
