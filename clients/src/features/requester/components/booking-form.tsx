import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { Alert, Box, Button, Card, CardContent, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  DEFAULT_VEHICLE_TYPE,
  VEHICLE_TYPES,
  formatDuration,
  durationToMinutes,
  type Duration,
  type RideLoad,
  type RidePriority,
  type SiteAnswer,
  type VehicleType,
} from '@plantride/schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { activePlaces, minutesBetweenNames, minutesIndex, useSite } from '../../../lib/site';
import { formatDateTime } from '../../../lib/format-date';
import { LoadSummary } from '../../../components/load-summary';
import {
  EMPTY_LOAD_DRAFT,
  bookingError,
  laterTimeError,
  loadOfDraft,
  type BookingKind,
  type LoadDraft,
  type LoadField,
} from '../booking-validation';
import type { BookingRequest } from '../use-book-ride-flow';
import { DurationPicker } from './duration-picker';
import { LoadFields } from './load-fields';
import { LocationField } from '../../../components/location-field';
import { PriorityField } from '../../../components/priority-field';
import { BOOK_NOW, WhenField, instantOfChoice, type WhenChoice } from './when-field';
import { onShiftLine, useDriversOnShift } from '../api/get-on-shift';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';

interface BookingFormProps {
  kind: BookingKind;
  pending: boolean;
  error: string | null;
  onError: (message: string | null) => void;
  onBook: (request: BookingRequest) => Promise<boolean>;
}

/** The booking form once the engine has said which places are in use; until then a spinner, or the error and Retry. */
export function BookingForm(props: BookingFormProps) {
  const { t } = useTranslation();
  const site = useSite();
  if (site.data) return <BookingFields {...props} site={site.data} onRefused={() => void site.refetch()} />;
  if (site.isError) {
    return (
      <LoadError
        error={site.error}
        fallback="Could not load the plant's locations."
        retry={() => void site.refetch()}
        retrying={site.isFetching}
      />
    );
  }
  return (
    <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 2 }}>
      <CircularProgress size={28} aria-hidden="true" />
      <Typography>{t('requester.loadingLocations')}</Typography>
    </Box>
  );
}

/** Pickup, drop, vehicle type (and duration for a special task), then 'Confirm Transport Request'. */
function BookingFields({
  kind,
  pending,
  error,
  onError,
  onBook,
  site,
  onRefused,
}: BookingFormProps & { site: SiteAnswer; onRefused: () => void }) {
  const { t } = useTranslation();
  const places = useMemo(() => activePlaces(site).map((place) => place.name), [site]);
  const index = useMemo(() => minutesIndex(site), [site]);
  const [chosenFrom, setFrom] = useState<string | null>(null);
  const [chosenTo, setTo] = useState<string | null>(null);
  const [vehicleType, setVehicleType] = useState<VehicleType>(DEFAULT_VEHICLE_TYPE);
  const onShift = useDriversOnShift(vehicleType);
  const [duration, setDuration] = useState<Duration>({ hours: 0, minutes: 0 });
  const [priority, setPriority] = useState<RidePriority>('normal');
  const [when, setWhen] = useState<WhenChoice>(BOOK_NOW);
  const [loadDraft, setLoadDraft] = useState<LoadDraft>(EMPTY_LOAD_DRAFT);
  const [loadProblem, setLoadProblem] = useState<{ field: LoadField; error: string } | null>(null);
  // What is being moved as it will be sent, fixed when Request Transport is pressed (undefined: nothing said).
  const [load, setLoad] = useState<RideLoad | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  // The instant a ride for later is wanted, fixed when Request Transport is pressed (null: now).
  const [scheduledFor, setScheduledFor] = useState<string | null>(null);
  // A place retired while the form is open drops out of the choice rather than being sent.
  const fromLocation = chosenFrom !== null && places.includes(chosenFrom) ? chosenFrom : null;
  const toLocation = chosenTo !== null && places.includes(chosenTo) ? chosenTo : null;
  const minutes = fromLocation && toLocation ? minutesBetweenNames(site, index, fromLocation, toLocation) : undefined;

  const changeFrom = (value: string | null) => {
    setFrom(value);
    // The drop field is only usable with a pickup (SPEC §5).
    if (!value || value === toLocation) setTo(null);
    onError(null);
  };

  const request = () => {
    const now = Date.now();
    const at = when.mode === 'later' ? instantOfChoice(when, now) : null;
    const problem =
      bookingError(kind, { fromLocation, toLocation, duration: kind === 'special' ? duration : null }) ??
      (at === null ? null : laterTimeError(at, now));
    onError(problem);
    if (problem) return;
    const described = loadOfDraft(loadDraft);
    if ('error' in described) {
      setLoadProblem(described);
      onError(described.error);
      return;
    }
    setLoad(described.load);
    setScheduledFor(at === null ? null : new Date(at).toISOString());
    setConfirming(true);
  };

  const confirm = async () => {
    if (!fromLocation || !toLocation) return;
    const booked = await onBook({
      fromLocation,
      toLocation,
      vehicleType,
      duration: kind === 'special' ? duration : null,
      priority,
      scheduledFor,
      ...(load ? { load } : {}),
    });
    setConfirming(false);
    // A refusal may be a place retired since the list was read: read the site again.
    if (!booked) onRefused();
  };

  return (
    <Box
      component="form"
      aria-label={t('requester.bookingForm')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        request();
      }}
    >
      <Stack spacing={2}>
        <LocationField label={t('requester.pickup')} places={places} value={fromLocation} onChange={changeFrom} />
        <LocationField
          label={t('requester.drop')}
          places={places}
          value={toLocation}
          onChange={(v) => {
            setTo(v);
            onError(null);
          }}
          disabled={!fromLocation}
          exclude={fromLocation}
        />
        <TextField
          select
          label={t('driver.columns.vehicleType')}
          required
          value={vehicleType}
          onChange={(e) => setVehicleType(e.target.value as VehicleType)}
          fullWidth
        >
          {VEHICLE_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        {onShift.data && (
          <Typography variant="body2" color="text.secondary" role="status" data-testid="drivers-on-shift">
            {onShiftLine(vehicleType, onShift.data)}
          </Typography>
        )}
        {kind === 'special' && (
          <DurationPicker
            value={duration}
            onChange={(d) => {
              setDuration(d);
              onError(null);
            }}
          />
        )}
        <PriorityField value={priority} onChange={setPriority} />
        <LoadFields
          value={loadDraft}
          problem={loadProblem}
          onChange={(next) => {
            setLoadDraft(next);
            if (loadProblem) {
              setLoadProblem(null);
              onError(null);
            }
          }}
        />
        <WhenField
          value={when}
          onChange={(next) => {
            setWhen(next);
            onError(null);
          }}
        />
        {minutes !== undefined && (
          <Card variant="outlined" component="section" aria-label={t('messages.estimatedDeliveryTime')}>
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Typography variant="subtitle2" component="h2">
                {t('messages.estimatedDeliveryTime')}
              </Typography>
              <Typography variant="h6" component="p">
                {t('requester.minutes', { count: minutes })}
              </Typography>
            </CardContent>
          </Card>
        )}
        {error && <Alert severity="error">{translateMessage(error)}</Alert>}
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {t('requester.requestTransport')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('messages.confirmTransportRequest')}
        confirmLabel={t('requester.confirmRequest')}
        cancelLabel={t('common.cancel')}
        busy={pending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <Typography>{t('requester.confirm.from', { place: fromLocation })}</Typography>
        <Typography>{t('requester.confirm.to', { place: toLocation })}</Typography>
        <Typography>{t('requester.confirm.estimated', { minutes: minutes ?? '-' })}</Typography>
        <Typography>{t('requester.confirm.vehicle', { vehicle: vehicleType })}</Typography>
        <Typography>
          {t('requester.confirm.priority', { priority: priority === 'urgent' ? t('common.urgent') : t('common.normal') })}
        </Typography>
        <Typography>{t('requester.confirm.when', { when: scheduledFor ? formatDateTime(scheduledFor) : t('requester.now') })}</Typography>
        {kind === 'special' && (
          <Typography>{t('requester.confirm.duration', { duration: formatDuration(durationToMinutes(duration)) })}</Typography>
        )}
        <LoadSummary load={load} testId="confirm-load" />
      </ConfirmDialog>
    </Box>
  );
}
