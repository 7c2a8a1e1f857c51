import { Box, Typography } from '@mui/material';
import { MESSAGES, type RideHistoryRow } from '@plantride/schemas';
import { formatDateTime } from '../../../lib/format-date';
import { RideTable } from './ride-table';

const COLUMNS = ['Ride ID', 'From', 'To', 'Vehicle Type', 'Ride Type', 'Created At', 'Completed At'] as const;

/** The Ride History tab: 'Completed Rides' with en-IN dates, 'N/A' and 'Invalid Date' (SPEC §2). */
export function CompletedRides({ rides }: { rides: readonly RideHistoryRow[] }) {
  return (
    <Box component="section" aria-labelledby="completed-rides-title">
      <Typography variant="h6" component="h2" id="completed-rides-title" gutterBottom>
        {MESSAGES.completedRides}
      </Typography>
      {rides.length === 0 ? (
        <Typography color="text.secondary">{MESSAGES.noRideHistoryAvailable}</Typography>
      ) : (
        // Seven columns do not fit a phone: the table scrolls sideways inside its own focusable box.
        <RideTable
          labelledBy="completed-rides-title"
          columns={COLUMNS}
          rows={rides}
          rowId={(ride) => `completed-${ride.RIDE_ID}`}
          cells={(ride) => [
            ride.RIDE_ID,
            ride.FROM_LOCATION,
            ride.TO_LOCATION,
            ride.VEHICLE_TYPE,
            ride.RIDE_TYPE,
            formatDateTime(ride.CREATED_AT),
            formatDateTime(ride.COMPLETED_AT),
          ]}
          minWidth={720}
          scrollLabel={`${MESSAGES.completedRides} (scrolls sideways)`}
        />
      )}
    </Box>
  );
}
