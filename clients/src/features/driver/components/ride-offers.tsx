import { useId, useState } from 'react';
import { Dialog, DialogContent, Stack, Typography } from '@mui/material';
import { toast } from '../../../lib/toast';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useDeclineOffer } from '../api/decline-offer';
import type { RideOffer } from '../stores/ride-offers';
import type { TakeOutcome, TakeableRide } from '../use-take-ride';
import { OfferCard } from './offer-card';
import { useTranslation } from 'react-i18next';

interface RideOffersProps {
  offers: readonly RideOffer[];
  busyRideId: string | null;
  take: (ride: TakeableRide) => Promise<TakeOutcome>;
  /** The lists must be read again: at the answer's position, or simply once more (null). */
  onMoved: (position: number | null) => void;
  /** The offer is no longer his to answer (accepted, declined, refused): its ride leaves his list. */
  onGone: (rideId: string) => void;
  /** Its countdown reached 0 unanswered: its ride leaves his list and he is told he missed it. */
  onLapsed: (rideId: string) => void;
}

/** The rides offered to him alone (issue #20), above the lists they would otherwise sit in. */
export function RideOffers({ offers, busyRideId, take, onMoved, onGone, onLapsed }: RideOffersProps) {
  const titleId = useId();
  const { t } = useTranslation();
  const decline = useDeclineOffer();
  const [declining, setDeclining] = useState<string | null>(null);

  if (offers.length === 0) return null;

  async function accept(rideId: string) {
    const outcome = await take({ RIDE_ID: rideId, IS_REDISTRIBUTED: false, RIDE_STATE: null });
    if (outcome === 'accepted' || outcome === 'refused') onGone(rideId);
  }

  async function pass(rideId: string) {
    if (declining) return;
    if (!navigator.onLine) {
      toast.error(t('driver.offer.declineOffline'));
      return;
    }
    setDeclining(rideId);
    try {
      const answer = await decline.mutateAsync(rideId);
      onGone(rideId);
      toast.success(answer.message);
      onMoved(answer.position);
    } catch (error) {
      // 409: it lapsed or went elsewhere meanwhile; the engine says so, and it is no longer his to answer.
      if (error instanceof ApiError && error.status < 500) {
        onGone(rideId);
        toast.error(messageOf(error, SERVER_MESSAGES.rideNotAvailable));
        onMoved(null);
      } else {
        toast.error(messageOf(error, t('driver.offer.declineNoAnswer')));
      }
    } finally {
      setDeclining(null);
    }
  }

  // Over everything on his screen: an offer is the one thing he must not miss (issue #32), on a phone in a glove.
  return (
    <Dialog open fullScreen aria-labelledby={titleId} data-testid="ride-offers">
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', p: { xs: 1.5, sm: 3 } }}>
        <Typography id={titleId} variant="h5" component="h1" sx={{ textAlign: 'center', mb: 2, fontWeight: 700 }}>
          {t('driver.offer.offered', { count: offers.length })}
        </Typography>
        <Stack
          component="ul"
          spacing={1.5}
          aria-label={t('driver.offer.list')}
          sx={{ listStyle: 'none', p: 0, m: '0 auto', width: '100%', maxWidth: 560 }}
        >
          {offers.map((offer) => (
            <OfferCard
              key={offer.rideId}
              offer={offer}
              busy={busyRideId === offer.rideId ? 'accept' : declining === offer.rideId ? 'decline' : null}
              locked={busyRideId !== null || declining !== null}
              onAccept={() => void accept(offer.rideId)}
              onDecline={() => void pass(offer.rideId)}
              onLapsed={onLapsed}
            />
          ))}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
