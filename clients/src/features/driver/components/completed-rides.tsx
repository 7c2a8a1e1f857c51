import { Box, Paper, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { RideHistoryRow } from '@plantride/schemas';
import { formatDateTime } from '../../../lib/format-date';
import { rideTypeLabel } from '../../../lib/words';
import { RideTable } from './ride-table';
import { useTranslation } from 'react-i18next';

const COLUMNS = ['rideId', 'from', 'to', 'vehicleType', 'rideType', 'createdAt', 'completedAt'] as const;

/** The Ride History tab: 'Completed Rides' with en-IN dates, 'N/A' and 'Invalid Date' (SPEC §2); on a phone each ride is a card (issue #32). */
export function CompletedRides({ rides }: { rides: readonly RideHistoryRow[] }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="completed-rides-title">
      <Typography variant="h6" component="h2" id="completed-rides-title" gutterBottom>
        {t('messages.completedRides')}
      </Typography>
      {rides.length === 0 ? (
        <Typography color="text.secondary">{t('messages.noRideHistoryAvailable')}</Typography>
      ) : phone ? (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby="completed-rides-title">
          {rides.map((ride) => (
            <Paper key={ride.RIDE_ID} component="li" variant="outlined" sx={{ p: 1.5 }} data-testid={`completed-${ride.RIDE_ID}`}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{ride.RIDE_ID}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {ride.VEHICLE_TYPE} · {rideTypeLabel(ride.RIDE_TYPE)}
                </Typography>
              </Stack>
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {ride.FROM_LOCATION} → {ride.TO_LOCATION}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('driver.createdCompleted', { created: formatDateTime(ride.CREATED_AT), completed: formatDateTime(ride.COMPLETED_AT) })}
              </Typography>
            </Paper>
          ))}
        </Stack>
      ) : (
        // Seven columns do not fit a phone: the table scrolls sideways inside its own focusable box.
        <RideTable
          labelledBy="completed-rides-title"
          columns={COLUMNS.map((column) => t(`driver.columns.${column}`))}
          rows={rides}
          rowId={(ride) => `completed-${ride.RIDE_ID}`}
          cells={(ride) => [
            ride.RIDE_ID,
            ride.FROM_LOCATION,
            ride.TO_LOCATION,
            ride.VEHICLE_TYPE,
            rideTypeLabel(ride.RIDE_TYPE),
            formatDateTime(ride.CREATED_AT),
            formatDateTime(ride.COMPLETED_AT),
          ]}
          minWidth={720}
          scrollLabel={t('driver.scrollsSideways', { title: t('messages.completedRides') })}
        />
      )}
    </Box>
  );
}
