import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { MESSAGES, type RideHistoryRow } from '@plantride/schemas';
import { formatDateTime } from '../../../lib/format-date';

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
        <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={`${MESSAGES.completedRides} (scrolls sideways)`}>
          <Table size="small" aria-labelledby="completed-rides-title" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rides.map((ride) => (
                <TableRow key={ride.RIDE_ID} data-testid={`completed-${ride.RIDE_ID}`}>
                  <TableCell>{ride.RIDE_ID}</TableCell>
                  <TableCell>{ride.FROM_LOCATION}</TableCell>
                  <TableCell>{ride.TO_LOCATION}</TableCell>
                  <TableCell>{ride.VEHICLE_TYPE}</TableCell>
                  <TableCell>{ride.RIDE_TYPE}</TableCell>
                  <TableCell>{formatDateTime(ride.CREATED_AT)}</TableCell>
                  <TableCell>{formatDateTime(ride.COMPLETED_AT)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
