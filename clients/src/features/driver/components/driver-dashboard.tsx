import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Container,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { LIMITS } from '@plantride/schemas';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session.store';
import { dropAvailableRide, useAvailableRides } from '../api/get-available-rides';
import { useDriverHistory } from '../api/get-driver-history';
import { useDriverActive } from '../api/get-driver-status';
import { useDriverRecord } from '../api/get-driver';
import { useInspectionRequired } from '../api/get-inspection-settings';
import { useOnBreak } from '../api/shift';
import { completedRidesOf, ongoingRideOf } from '../driver-steps';
import type { Topic } from '../stores/driver-live';
import { refreshTopics, useDriverLive } from '../stores/driver-live.store';
import { offersAndRides, useOfferClock } from '../stores/ride-offers';
import { useDriverLiveEvents } from '../use-driver-live-events';
import { useTakeRide } from '../use-take-ride';
import { AvailableRides } from './available-rides';
import { BlockingOverlay, type BlockKind } from './blocking-overlay';
import { CompletedRides } from './completed-rides';
import { DayTally } from './day-tally';
import { CompletionDialog } from './completion-dialog';
import { EnableSound } from './enable-sound';
import { PushNotifications } from '../../../components/push-notifications';
import { InspectionCard } from './inspection-card';
import { MaintenanceDialog } from './maintenance-dialog';
import { OngoingRideCard } from './ongoing-ride-card';
import { RideOffers } from './ride-offers';
import { ShiftPanel } from './shift-panel';
import { useTranslation } from 'react-i18next';

function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh' }}>
      <CircularProgress aria-label={t('driver.loadingRecord')} />
    </Box>
  );
}

/** An offer that ran out on his screen unanswered: said until he dismisses it (issue #32). */
function MissedOffer({ rideId }: { rideId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      data-testid={`missed-offer-${rideId}`}
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button color="inherit" variant="outlined" sx={{ minHeight: 48 }} onClick={() => useOfferClock.getState().dismiss(rideId)}>
          {t('driver.dismiss')}
        </Button>
      }
    >
      {t('driver.missedOffer', { rideId })}
    </Alert>
  );
}

/** Inspection, shift and sound: open while he has no ride, folded under one line while he carries one out (opened again by a tap). */
function DaySetup({ folded, children }: { folded: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  if (!folded) return <>{children}</>;
  return (
    <Accordion expanded={open} onChange={(_, expanded) => setOpen(expanded)} disableGutters sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<span aria-hidden>{'▾'}</span>} sx={{ minHeight: 48 }}>
        <Typography>{t('driver.daySetup')}</Typography>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}

/** /driver: the driver's dashboard, phone first (SPEC §2, §4). */
export function DriverDashboard() {
  const tokenNo = useSession((s) => s.user?.token_no ?? '');
  const positions = useDriverLive((s) => s.positions);
  const completion = useDriverLive((s) => s.completion);
  const windows = useOfferClock((s) => s.windows);
  const missed = useOfferClock((s) => s.missed);
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<'active' | 'history'>('active');
  const { t } = useTranslation();
  const [maintenanceOpen, setMaintenanceOpen] = useState(false);
  useDriverLiveEvents(tokenNo);
  const inspectionRequired = useInspectionRequired();
  const onBreak = useOnBreak();
  // Back from the inspection screen: his record is read at the inspection's store position.
  const inspectedAt = (useLocation().state as { inspectedAt?: number } | null)?.inspectedAt ?? null;
  useEffect(() => {
    if (inspectedAt) refreshTopics(queryClient, ['driver'], inspectedAt);
  }, [inspectedAt, queryClient]);

  const record = useDriverRecord(tokenNo, positions.driver);
  const active = useDriverActive(tokenNo, positions.driver);
  const driver = record.data ?? null;
  const vehicleType = driver?.VEHICLE_TYPE || null;
  const history = useDriverHistory(tokenNo, positions.rides);
  const available = useAvailableRides(vehicleType, positions.rides);

  const moved = useCallback(
    (topics: readonly Topic[], position: number | null) => refreshTopics(queryClient, topics, position),
    [queryClient],
  );
  const ridesMoved = useCallback((position: number | null) => moved(['rides'], position), [moved]);
  const rideGone = useCallback(
    (rideId: string) => {
      useOfferClock.getState().forget(rideId);
      dropAvailableRide(queryClient, rideId);
    },
    [queryClient],
  );
  const offerLapsed = useCallback(
    (rideId: string) => {
      useOfferClock.getState().lapsed(rideId);
      dropAvailableRide(queryClient, rideId);
    },
    [queryClient],
  );
  // An offer his list names that this phone did not hear live: its countdown runs from now.
  useEffect(() => {
    for (const row of available.data?.rows ?? [])
      if (row.OFFERED_TO_YOU && row.OFFER_EXPIRES_AT) useOfferClock.getState().seen(row.RIDE_ID, row.OFFER_EXPIRES_AT);
  }, [available.data]);
  const closeMaintenance = useCallback(() => setMaintenanceOpen(false), []);

  const block: BlockKind | null = active.data === false ? 'admin' : driver?.BLOCKED_FOR_MAINTENANCE === 1 ? 'maintenance' : null;
  const { busyRideId, take } = useTakeRide(tokenNo, block !== null, ridesMoved);

  // With no network and nothing read before, the record waits for the connection; it is not "not found".
  if (record.isPending && !record.isPaused) return <Loading />;
  if (!driver) {
    const unread = record.isPending || record.isError;
    return (
      <>
        <PageHeader title={t('common.appName')} />
        <Container component="main" sx={{ py: 4 }}>
          {unread ? (
            <LoadError
              error={record.error}
              fallback={t('driver.recordUnread')}
              retry={() => void record.refetch()}
              retrying={record.isFetching && !record.isPaused}
            />
          ) : (
            <Typography variant="h5" component="h1">
              {t('driver.noRecord', { tokenNo })}
            </Typography>
          )}
        </Container>
      </>
    );
  }

  const ongoing = ongoingRideOf(history.data, tokenNo);
  // His ride as last read (a reload with no network shows the persisted copy) until the server answers again.
  const confirmed = history.isFetchedAfterMount && !history.isError && !history.isPaused;
  // A ride offered to him shows as its offer card, not again in the lists below it (his list says which: offersAndRides).
  const rows = available.data?.rows ?? [];
  const { offers, rides } = offersAndRides(rows, tokenNo, Date.now(), windows);
  const waiting = (available.data?.total ?? 0) - (rows.length - rides.length);
  const top = rides.slice(0, LIMITS.topLatestRides);
  const others = rides.slice(LIMITS.topLatestRides, LIMITS.topLatestRides + LIMITS.otherAvailableRides);

  return (
    <>
      <PageHeader title={t('common.appName')}>
        <Chip
          label={t('driver.idTag', { tokenNo })}
          size="small"
          variant="outlined"
          sx={{ color: 'inherit', borderColor: 'currentColor' }}
          data-testid="driver-id-tag"
        />
        <Chip
          label={t('driver.vehicleTag', { vehicle: vehicleType ?? t('messages.notAvailable') })}
          size="small"
          variant="outlined"
          sx={{ color: 'inherit', borderColor: 'currentColor' }}
          data-testid="vehicle-tag"
        />
      </PageHeader>
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('driver.hello', { name: driver.NAME || tokenNo })}
        </Typography>
        <DayTally driverId={tokenNo} position={positions.rides} />
        {missed.map((rideId) => (
          <MissedOffer key={rideId} rideId={rideId} />
        ))}
        {/* His current job first (issue #32); what sets up his day folds away while he carries a ride out. */}
        {ongoing && (
          <Box sx={{ mb: 2 }}>
            <OngoingRideCard key={ongoing.RIDE_ID} ride={ongoing} confirmed={confirmed} blocked={block !== null} onMoved={ridesMoved} />
          </Box>
        )}
        <DaySetup folded={ongoing !== null}>
          <InspectionCard today={driver.INSPECTION_TODAY} required={inspectionRequired.data === true} />
          <ShiftPanel />
          <EnableSound />
          <PushNotifications audience="driver" />
        </DaySetup>
        <Button variant="outlined" color="warning" onClick={() => setMaintenanceOpen(true)} sx={{ mb: 2, minHeight: 48 }}>
          {t('driver.requestMaintenance')}
        </Button>
        <Tabs
          value={tab}
          onChange={(_, value: 'active' | 'history') => setTab(value)}
          aria-label={t('driver.views')}
          variant="fullWidth"
          sx={{ mb: 2 }}
        >
          <Tab value="active" label={t('driver.activeRides')} id="tab-active" aria-controls="panel-active" />
          <Tab value="history" label={t('driver.rideHistory')} id="tab-history" aria-controls="panel-history" />
        </Tabs>
        <Box role="tabpanel" id="panel-active" aria-labelledby="tab-active" hidden={tab !== 'active'}>
          {tab === 'active' && (
            <Stack spacing={3}>
              {ongoing ? (
                <Typography color="text.secondary">{t('driver.finishOngoing')}</Typography>
              ) : onBreak ? (
                // On break (issue #32 item 4) the engine offers him nothing and refuses a ride: the lists wait for the break's end.
                <Alert severity="info" data-testid="on-break-notice">
                  {t('driver.onBreak')}
                </Alert>
              ) : (
                <>
                  <Typography data-testid="no-ongoing-ride">{t('messages.noOngoingRide')}</Typography>
                  <RideOffers
                    offers={offers}
                    busyRideId={busyRideId}
                    take={take}
                    onMoved={ridesMoved}
                    onGone={rideGone}
                    onLapsed={offerLapsed}
                  />
                  <AvailableRides
                    title={t('messages.topLatestRides')}
                    emptyText={t('messages.noClosestRides')}
                    rides={top}
                    busyRideId={busyRideId}
                    onTake={(ride) => void take(ride)}
                  />
                  <AvailableRides
                    title={t('messages.otherAvailableRides')}
                    emptyText={t('messages.noAdditionalRides')}
                    rides={others}
                    busyRideId={busyRideId}
                    onTake={(ride) => void take(ride)}
                  />
                  {waiting > top.length + others.length && (
                    <Typography variant="body2" color="text.secondary" data-testid="available-rides-count">
                      {t('driver.showingRecords', { shown: top.length + others.length, total: waiting })}
                    </Typography>
                  )}
                </>
              )}
            </Stack>
          )}
        </Box>
        <Box role="tabpanel" id="panel-history" aria-labelledby="tab-history" hidden={tab !== 'history'}>
          {tab === 'history' && <CompletedRides rides={completedRidesOf(history.data, tokenNo)} />}
        </Box>
      </Container>
      <MaintenanceDialog
        open={maintenanceOpen}
        driver={{ id: tokenNo, name: driver.NAME, vehicleType: driver.VEHICLE_TYPE }}
        ongoingRideId={ongoing?.RIDE_ID ?? null}
        onClose={closeMaintenance}
        onSubmitted={(position) => moved(['driver', 'rides'], position)}
      />
      {/* The request's own confirmation shows first; the overlay follows when the modal closes. */}
      <BlockingOverlay kind={maintenanceOpen ? null : block} />
      <CompletionDialog message={completion} onClose={() => useDriverLive.getState().closeCompletion()} />
    </>
  );
}
