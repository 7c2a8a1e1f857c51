import type { ReactNode } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import type { BoardAnswer, BoardWaitingRide } from '@plantride/schemas';
import { formatTime } from '../../../lib/format-date';
import { rideTypeLabel } from '../../../lib/words';
import { ageText } from '../board';
import { BoardCard, BoardSection } from './board-section';

const offerText = (offer: NonNullable<BoardWaitingRide['offer']>) =>
  `Offered to ${offer.driverName ?? offer.driverId} (${offer.driverId}) until ${formatTime(offer.expiresAt)}`;

function RideLine({ ride }: { ride: BoardWaitingRide }) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {ride.fromLocation} → {ride.toLocation}
        </Typography>
        {ride.priority === 'urgent' && <Chip size="small" color="error" label="Urgent" />}
        {ride.isRedistributed && <Chip size="small" color="warning" label="Redistributed" />}
      </Box>
      <Typography variant="body2" color="text.secondary">
        Ride {ride.rideId} · {ride.vehicleType} · {rideTypeLabel(ride.rideType)}
      </Typography>
    </>
  );
}

interface WaitingProps {
  rides: BoardAnswer['waitingRides'];
  /**
   * What staff may do with each ride: the board page's Assign driver button (AssignRideDialog). The
   * board decides nothing about who may take a ride; the assign command does.
   */
  rideActions?: (ride: BoardWaitingRide) => ReactNode;
}

/** Rides no driver carries yet (or again), urgent first, then oldest: how long each has waited, and any offer on it. */
export function WaitingRides({ rides, rideActions }: WaitingProps) {
  return (
    <BoardSection id="board-waiting" title="Waiting rides" count={rides.length} empty="No ride is waiting for a driver.">
      {rides.map((ride) => (
        <BoardCard key={ride.rideId} tone={ride.priority === 'urgent' ? 'error' : undefined}>
          <RideLine ride={ride} />
          <Typography variant="body2">
            Waiting <strong>{ageText(ride.ageSeconds)}</strong> (since {formatTime(ride.waitingSince)})
          </Typography>
          {ride.offer && <Typography variant="body2">{offerText(ride.offer)}</Typography>}
          {rideActions && <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>{rideActions(ride)}</Box>}
        </BoardCard>
      ))}
    </BoardSection>
  );
}

/** Rides offered to one driver now (offer dispatch), with whom and until when. */
export function OffersInFlight({ offers }: { offers: BoardAnswer['offers'] }) {
  return (
    <BoardSection id="board-offers" title="Offers in flight" count={offers.length} empty="No ride is offered to a driver right now.">
      {offers.map((ride) => (
        <BoardCard key={ride.rideId}>
          <RideLine ride={ride} />
          <Typography variant="body2">{offerText(ride.offer)}</Typography>
        </BoardCard>
      ))}
    </BoardSection>
  );
}
