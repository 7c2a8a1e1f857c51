import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Container, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, SERVER_MESSAGES, isInProgress, isOngoing, type RideHistoryRow, type StoredUser } from '@plantride/schemas';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useCancelRide } from '../api/cancel-ride';
import { useRideHistory } from '../api/get-ride-history';
import { useRideStatus } from '../api/get-ride-status';
import { useRideTimestamps } from '../api/get-timestamps';
import type { BookingKind } from '../booking-validation';
import { requesterToast } from '../requester-toast';
import { rideTabTitle } from '../ride-steps';
import { useTrackedRide } from '../stores/tracked-ride.store';
import { useBookRideFlow } from '../use-book-ride-flow';
import { useLiveRideEvents } from '../use-live-ride-events';
import { BookingForm } from './booking-form';
import { CancelRideDialog } from './cancel-ride-dialog';
import { DriverDetailsDialog } from './driver-details-dialog';
import { RideConfetti } from './ride-confetti';
import { RideHistoryList, scheduledLine } from './ride-history-list';
import { RideProgress, type RideSummary } from './ride-progress';
import { ScheduledRides } from './scheduled-rides';
import { useTranslation } from 'react-i18next';

const SCREENS = {
  fixed: {
    title: 'requester.screens.fixedTitle',
    rideType: 'Regular',
    history: 'requester.screens.fixedHistory',
    newBooking: 'requester.screens.fixedNew',
    path: '/available-rides',
  },
  special: {
    title: 'messages.scheduleSpecialTaskRide',
    rideType: 'Special Task',
    history: 'requester.screens.specialHistory',
    newBooking: 'requester.screens.specialNew',
    path: '/special-task-ride',
  },
} as const;

/** What the tracker says of the ride; one booked for later has waited since it went to drivers. */
function rideSummaryOf(row: RideHistoryRow): RideSummary {
  const wantedAt = row.SCHEDULED_FOR ?? null;
  return {
    fromLocation: row.FROM_LOCATION,
    toLocation: row.TO_LOCATION,
    vehicleType: row.VEHICLE_TYPE,
    requestedAt: row.CREATED_AT,
    wantedAt,
    waitingSince: wantedAt ? (row.RELEASE_AT ?? null) : row.CREATED_AT,
  };
}

/** Schedule Fixed Ride and Schedule Special Task Ride (SPEC §2): one screen, two kinds. */
export function BookingScreen({ kind, user }: { kind: BookingKind; user: StoredUser }) {
  const { t } = useTranslation();
  const screen = SCREENS[kind];
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const showHistory = params.get('history') === 'true';
  const viewedId = params.get('ride');
  // "Book New Ride" while a ride is still going: the form, with the going ride one tap away.
  const bookingAnother = params.get('new') === 'true';
  const tracked = useTrackedRide();
  const [burst, setBurst] = useState(0);
  const [askCancel, setAskCancel] = useState(false);
  const [driverOpen, setDriverOpen] = useState(false);
  const celebrate = useCallback(() => setBurst((n) => n + 1), []);
  useLiveRideEvents({ onDriverAssigned: celebrate });

  const history = useRideHistory(user.token_no, tracked.position);
  const rows = useMemo(() => history.data ?? [], [history.data]);
  const rides = rows.filter((r) => r.RIDE_TYPE === screen.rideType);
  const liveRow = rows.find((r) => r.RIDE_ID === tracked.rideId);
  const liveType = tracked.rideType ?? liveRow?.RIDE_TYPE ?? null;
  const liveHere = tracked.rideId !== null && (liveType === null || liveType === screen.rideType);

  // After a reload (or on a second device) the server's history says which ride is still going;
  // a ride booked for later is listed apart until it goes to drivers, and the form stays free.
  const fresh = history.isSuccess && !history.isPlaceholderData;
  useEffect(() => {
    if (!fresh || tracked.rideId) return;
    const ongoing = rows.find((r) => r.RIDE_TYPE === screen.rideType && isOngoing(r.STATUS) && r.STATUS !== 'scheduled');
    if (ongoing) tracked.track(ongoing.RIDE_ID, ongoing.RIDE_TYPE);
  }, [fresh, rows, tracked, screen.rideType]);

  const shownId = viewedId ?? (liveHere && !bookingAnother ? tracked.rideId : null);
  const shownLive = shownId !== null && shownId === tracked.rideId;
  // The ride's one copy: the cache's read of it, which live events update (use-live-ride-events.ts).
  const serverStatus = useRideStatus(shownId, tracked.position);
  const shownRow: RideHistoryRow | undefined = rows.find((r) => r.RIDE_ID === shownId);
  const status = serverStatus.data?.status ?? shownRow?.STATUS ?? null;
  const timestamps = useRideTimestamps(shownId, status, tracked.position);
  const driver = serverStatus.data?.driver ?? null;
  const notice = !shownLive ? null : status === 'waiting_for_reassignment' ? MESSAGES.vehicleBrokeDown : tracked.notice;
  const showDriverButton = driver !== null && isInProgress(status);

  // The tab says where the tracked ride stands, for a requester working in another tab.
  const tabTitle = shownId ? rideTabTitle(status) : rideTabTitle(null);
  useEffect(() => {
    const before = document.title;
    document.title = tabTitle;
    return () => {
      document.title = before;
    };
  }, [tabTitle]);

  // A completed ride stays on screen until the requester dismisses it or starts a new booking.
  const dismissEnded = () => {
    if (tracked.rideId === shownId && !isOngoing(status)) tracked.reset();
  };

  const booking = useBookRideFlow(kind, user);
  // A ride booked for later leaves a fresh form behind, ready for the next booking.
  const [formKey, setFormKey] = useState(0);
  const book: typeof booking.book = async (request) => {
    const booked = await booking.book(request);
    if (booked && request.scheduledFor) setFormKey((n) => n + 1);
    // The new ride is the one tracked now: show it, not the form.
    else if (booked && bookingAnother) setParams({});
    return booked;
  };
  const cancel = useCancelRide();
  const cancelRide = (rideId: string) => {
    cancel.mutate(rideId, {
      onSuccess: (answer) => {
        tracked.reached(answer.position);
        if (rideId === useTrackedRide.getState().rideId) tracked.reset();
        setAskCancel(false);
        requesterToast.success(SERVER_MESSAGES.rideCancelled);
        void navigate(screen.path, { replace: true });
      },
      onError: (e) => {
        setAskCancel(false);
        requesterToast.error(e instanceof ApiError ? MESSAGES.couldNotCancelRide : MESSAGES.failedToCancelRide);
      },
    });
  };

  const toggleHistory = () => setParams(showHistory ? {} : { history: 'true' });

  return (
    <>
      <PageHeader title={t(screen.title)} backTo="/requester">
        <Button color="inherit" variant="outlined" size="small" onClick={toggleHistory} aria-pressed={showHistory}>
          {showHistory ? t('requester.hideHistory') : t(screen.history)}
        </Button>
        {showDriverButton && (
          <Button color="inherit" variant="outlined" size="small" onClick={() => setDriverOpen(true)}>
            {t('requester.driverDetails')}
          </Button>
        )}
      </PageHeader>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {t(screen.title)}
        </Typography>
        {showHistory ? (
          <>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('messages.yourRideHistory')}
            </Typography>
            {history.isPending ? (
              <Typography>{t('requester.loading')}</Typography>
            ) : (
              <RideHistoryList
                rides={rides}
                onOpen={(ride) => setParams({ ride: ride.RIDE_ID })}
                onCancel={(ride) => cancelRide(ride.RIDE_ID)}
                cancelling={cancel.isPending}
              />
            )}
          </>
        ) : (
          <>
            {/* Rides booked for later wait here, above the form or the ride going now; a ride opened from a list shows alone. */}
            {!viewedId && (
              <ScheduledRides
                rides={rides}
                onOpen={(ride) => setParams({ ride: ride.RIDE_ID })}
                onCancel={(ride) => cancelRide(ride.RIDE_ID)}
                cancelling={cancel.isPending}
              />
            )}
            {shownId ? (
              <RideProgress
                rideId={shownId}
                status={status}
                timestamps={timestamps.data ?? null}
                notice={notice}
                live={shownLive}
                newBookingLabel={t(screen.newBooking)}
                onNewBooking={() => {
                  // A ride still going stays tracked: the form opens beside it, not the same ride again.
                  if (isOngoing(status)) return setParams({ new: 'true' });
                  dismissEnded();
                  void navigate('/requester');
                }}
                onDismiss={() => {
                  dismissEnded();
                  if (viewedId) setParams({});
                }}
                ride={shownRow ? rideSummaryOf(shownRow) : null}
                scheduled={shownRow && status === 'scheduled' ? scheduledLine({ ...shownRow, STATUS: status }) : null}
                urgent={shownRow?.PRIORITY === 'urgent'}
                driver={driver}
                onCancel={() => setAskCancel(true)}
                cancelling={cancel.isPending}
              />
            ) : (
              <>
                {bookingAnother && liveHere && tracked.rideId && (
                  <Alert
                    severity="info"
                    sx={{ mb: 2 }}
                    action={
                      <Button color="inherit" size="small" sx={{ minHeight: 48 }} onClick={() => setParams({})}>
                        {t('requester.viewIt')}
                      </Button>
                    }
                  >
                    {t('requester.stillGoing', { rideId: tracked.rideId })}
                  </Alert>
                )}
                <BookingForm
                  key={formKey}
                  kind={kind}
                  pending={booking.pending}
                  error={booking.error}
                  onError={booking.setError}
                  onBook={book}
                />
              </>
            )}
          </>
        )}
      </Container>
      <CancelRideDialog
        open={askCancel}
        status={status}
        timestamps={timestamps.data ?? null}
        toLocation={shownRow?.TO_LOCATION ?? null}
        busy={cancel.isPending}
        onConfirm={() => shownId && cancelRide(shownId)}
        onCancel={() => setAskCancel(false)}
      />
      {driver && (
        <DriverDetailsDialog
          open={driverOpen}
          driver={driver}
          fromLocation={shownRow?.FROM_LOCATION ?? null}
          toLocation={shownRow?.TO_LOCATION ?? null}
          onClose={() => setDriverOpen(false)}
        />
      )}
      <RideConfetti burst={burst} />
    </>
  );
}
