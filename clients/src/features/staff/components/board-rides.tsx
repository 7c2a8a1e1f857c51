import type { ReactNode } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import type { BoardAnswer, BoardWaitingRide } from '@plantride/schemas';
import { Trans, useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { formatTime } from '../../../lib/format-date';
import { rideTypeLabel } from '../../../lib/words';
import { ageText } from '../board';
import { BoardCard, BoardSection } from './board-section';

const offerText = (offer: NonNullable<BoardWaitingRide['offer']>) =>
  i18n.t('staff.board.offeredTo', {
    name: offer.driverName ?? offer.driverId,
    driverId: offer.driverId,
    time: formatTime(offer.expiresAt),
  });

function RideLine({ ride }: { ride: BoardWaitingRide }) {
  const { t } = useTranslation();
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {ride.fromLocation} → {ride.toLocation}
        </Typography>
        {ride.priority === 'urgent' && <Chip size="small" color="error" label={t('staff.board.urgent')} />}
        {ride.isRedistributed && <Chip size="small" color="warning" label={t('staff.board.redistributed')} />}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('staff.board.ride', { rideId: ride.rideId })} · {ride.vehicleType} · {rideTypeLabel(ride.rideType)}
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
  const { t } = useTranslation();
  return (
    <BoardSection id="board-waiting" title={t('staff.board.waitingRides')} count={rides.length} empty={t('staff.board.noWaitingRides')}>
      {rides.map((ride) => (
        <BoardCard key={ride.rideId} tone={ride.priority === 'urgent' ? 'error' : undefined}>
          <RideLine ride={ride} />
          <Typography variant="body2">
            <Trans
              i18nKey="staff.board.waitingFor"
              values={{ age: ageText(ride.ageSeconds), since: formatTime(ride.waitingSince) }}
              components={{ strong: <strong /> }}
            />
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
  const { t } = useTranslation();
  return (
    <BoardSection id="board-offers" title={t('staff.board.offers')} count={offers.length} empty={t('staff.board.noOffers')}>
      {offers.map((ride) => (
        <BoardCard key={ride.rideId}>
          <RideLine ride={ride} />
          <Typography variant="body2">{offerText(ride.offer)}</Typography>
        </BoardCard>
      ))}
    </BoardSection>
  );
}
