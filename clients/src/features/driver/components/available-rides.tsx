import { Box, Button, Chip, Paper, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { ServerRide } from '@plantride/schemas';
import { LoadSummary } from '../../../components/load-summary';
import { rideTypeLabel } from '../../../lib/words';
import { HandOverDetails, type HandOverFacts } from './hand-over-details';
import { RideTable } from './ride-table';
import { useTranslation } from 'react-i18next';

interface AvailableRidesProps {
  title: string;
  emptyText: string;
  rides: readonly ServerRide[];
  /** The ride whose accept or take-over is on its way. */
  busyRideId: string | null;
  onTake: (ride: ServerRide) => void;
}

const COLUMNS = ['rideId', 'from', 'to', 'vehicle', 'type', 'action'] as const;

function TypeCell({ ride }: { ride: ServerRide }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <span>{rideTypeLabel(ride.RIDE_TYPE)}</span>
      {ride.PRIORITY === 'urgent' && <Chip label={t('driver.urgentChip')} color="error" size="small" sx={{ fontWeight: 700 }} />}
      {ride.IS_REDISTRIBUTED && <Chip label={t('driver.redistributed')} color="warning" size="small" />}
    </Stack>
  );
}

const handOverOf = (ride: ServerRide): HandOverFacts => ({
  fromLocation: ride.FROM_LOCATION,
  toLocation: ride.TO_LOCATION,
  rideState: ride.RIDE_STATE,
  maintenanceComment: ride.MAINTENANCE_COMMENT,
  originalDriverName: ride.ORIGINAL_DRIVER_NAME,
  originalDriverMobile: ride.ORIGINAL_DRIVER_MOBILE,
});

function TakeButton({ ride, busyRideId, onTake }: { ride: ServerRide; busyRideId: string | null; onTake: (ride: ServerRide) => void }) {
  const { t } = useTranslation();
  const label = ride.IS_REDISTRIBUTED ? t('messages.takeOverRide') : t('messages.acceptRide');
  return (
    <Button
      variant="contained"
      size="small"
      color={ride.IS_REDISTRIBUTED ? 'secondary' : 'primary'}
      disabled={busyRideId !== null}
      onClick={() => onTake(ride)}
      aria-label={busyRideId === ride.RIDE_ID ? t('messages.processing') : `${label} ${ride.RIDE_ID}`}
    >
      {busyRideId === ride.RIDE_ID ? t('messages.processing') : label}
    </Button>
  );
}

/** One of the two ride tables of the Active Rides tab (SPEC §2); on a phone each ride is a card. */
export function AvailableRides({ title, emptyText, rides, busyRideId, onTake }: AvailableRidesProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { t } = useTranslation();
  const headingId = `${title.replace(/\W+/g, '-').toLowerCase()}-title`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId} gutterBottom>
        {title}
      </Typography>
      {rides.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : phone ? (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={title}>
          {rides.map((ride) => (
            <Paper key={ride.RIDE_ID} component="li" variant="outlined" sx={{ p: 1.5 }} data-testid={`ride-${ride.RIDE_ID}`}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 0.5 }}>
                <Typography sx={{ fontWeight: 600 }}>{ride.RIDE_ID}</Typography>
                <TypeCell ride={ride} />
              </Stack>
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {ride.FROM_LOCATION} → {ride.TO_LOCATION}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {ride.VEHICLE_TYPE}
              </Typography>
              <LoadSummary load={ride.LOAD} dense testId={`ride-load-${ride.RIDE_ID}`} />
              {ride.IS_REDISTRIBUTED && <HandOverDetails facts={handOverOf(ride)} testId={`hand-over-${ride.RIDE_ID}`} />}
              <TakeButton ride={ride} busyRideId={busyRideId} onTake={onTake} />
            </Paper>
          ))}
        </Stack>
      ) : (
        <RideTable
          labelledBy={headingId}
          columns={COLUMNS.map((column) => t(`driver.columns.${column}`))}
          rows={rides}
          rowId={(ride) => `ride-${ride.RIDE_ID}`}
          cells={(ride) => [
            ride.RIDE_ID,
            ride.FROM_LOCATION,
            ride.TO_LOCATION,
            ride.VEHICLE_TYPE,
            <Box key="type">
              <TypeCell ride={ride} />
              <LoadSummary load={ride.LOAD} dense testId={`ride-load-${ride.RIDE_ID}`} />
              {ride.IS_REDISTRIBUTED && <HandOverDetails facts={handOverOf(ride)} testId={`hand-over-${ride.RIDE_ID}`} />}
            </Box>,
            <TakeButton key="action" ride={ride} busyRideId={busyRideId} onTake={onTake} />,
          ]}
        />
      )}
    </Box>
  );
}
