import { Box, Typography } from '@mui/material';
import type { RideHistoryRow } from '@plantride/schemas';
import { RideHistoryList } from './ride-history-list';
import { i18n } from '../../../i18n/i18n';

const scheduledRidesTitle = () => i18n.t('requester.bookedForLater');

interface ScheduledRidesProps {
  rides: readonly RideHistoryRow[];
  onOpen: (ride: RideHistoryRow) => void;
  onCancel: (ride: RideHistoryRow) => void;
  cancelling: boolean;
}

/** The requester's rides waiting for their time (issue #20), each with when it goes to drivers and Cancel Ride; nothing when there are none. */
export function ScheduledRides({ rides, onOpen, onCancel, cancelling }: ScheduledRidesProps) {
  const waiting = rides.filter((ride) => ride.STATUS === 'scheduled');
  if (waiting.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="scheduled-rides-title" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" id="scheduled-rides-title" gutterBottom>
        {scheduledRidesTitle()}
      </Typography>
      <RideHistoryList rides={waiting} onOpen={onOpen} onCancel={onCancel} cancelling={cancelling} label={scheduledRidesTitle()} />
    </Box>
  );
}
