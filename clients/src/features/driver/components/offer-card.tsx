import { useEffect, useState } from 'react';
import { Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { LoadSummary } from '../../../components/load-summary';
import { secondsLeft, type RideOffer } from '../stores/ride-offers';
import { useTranslation } from 'react-i18next';

interface OfferCardProps {
  offer: RideOffer;
  /** Accept or Decline of this ride is on its way. */
  busy: 'accept' | 'decline' | null;
  /** Some other ride's accept is on its way: one tap at a time. */
  locked: boolean;
  onAccept: () => void;
  onDecline: () => void;
  /** The countdown reached 0: the engine moves the ride on by itself. */
  onLapsed: (rideId: string) => void;
}

/** Seconds to `expiresAt` on this device's clock, ticking; calls onLapsed at 0. */
function useSecondsLeft(rideId: string, expiresAt: string, onLapsed: (rideId: string) => void): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft({ expiresAt }, now);
  useEffect(() => {
    if (left <= 0) {
      onLapsed(rideId);
      return;
    }
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [left, rideId, onLapsed]);
  return left;
}

/** The offer's whole window in seconds, as the server gave it (expiresAt − offeredAt on this phone's clock). */
const totalSeconds = (offer: Pick<RideOffer, 'offeredAt' | 'expiresAt'>) =>
  Math.max(1, Math.ceil((Date.parse(offer.expiresAt) - Date.parse(offer.offeredAt)) / 1000));

/** The time left as a ring that empties: seen at a glance, from arm's length. */
function CountdownRing({ left, total }: { left: number; total: number }) {
  const value = Math.min(100, (left / total) * 100);
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex', flexShrink: 0 }} aria-hidden>
      <CircularProgress variant="determinate" value={100} size={64} thickness={5} sx={{ color: 'grey.300', position: 'absolute' }} />
      <CircularProgress variant="determinate" value={value} size={64} thickness={5} color={left <= 10 ? 'error' : 'primary'} />
    </Box>
  );
}

/** A ride offered to him alone (issue #20): highlighted, its countdown, and Accept / Decline big enough for a glove. */
export function OfferCard({ offer, busy, locked, onAccept, onDecline, onLapsed }: OfferCardProps) {
  const left = useSecondsLeft(offer.rideId, offer.expiresAt, onLapsed);
  const { t } = useTranslation();
  const urgent = offer.priority === 'urgent';
  const titleId = `offer-${offer.rideId}-title`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={`offer-${offer.rideId}`}
      sx={{ p: 2, borderWidth: 3, borderColor: urgent ? 'error.main' : 'primary.main', bgcolor: urgent ? '#fdf0ef' : '#eef6f1' }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="h6" component="h2" id={titleId} sx={{ lineHeight: 1.3 }}>
            {t('driver.offer.offeredToYou')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('driver.offer.ride', { rideId: offer.rideId })}
          </Typography>
        </Box>
        {urgent && <Chip label={t('driver.urgentChip')} color="error" sx={{ fontWeight: 700, letterSpacing: 1 }} />}
      </Stack>
      <Typography sx={{ fontSize: '1.15rem', fontWeight: 600, overflowWrap: 'anywhere', mt: 0.5 }}>
        {offer.fromLocation} → {offer.toLocation}
      </Typography>
      <Typography color="text.secondary">
        {offer.vehicleType}
        {offer.isSpecialTask ? ` · ${t('driver.offer.specialTask')}` : ''}
        {offer.estimatedMinutes ? ` · ${t('driver.offer.aboutMinutes', { minutes: offer.estimatedMinutes })}` : ''}
        {` · ${urgent ? t('driver.offer.urgentPriority') : t('driver.offer.normalPriority')}`}
      </Typography>
      <LoadSummary load={offer.load} testId={`offer-load-${offer.rideId}`} />
      <Box sx={{ my: 1.5, display: 'flex', alignItems: 'center', gap: 2 }}>
        <CountdownRing left={left} total={totalSeconds(offer)} />
        <Box role="timer" data-testid={`offer-countdown-${offer.rideId}`} sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography
            component="span"
            sx={{
              fontSize: '2rem',
              fontWeight: 700,
              fontVariantNumeric: 'tabular-nums',
              color: left <= 10 ? 'error.main' : 'text.primary',
            }}
          >
            {t('driver.offer.seconds', { left })}
          </Typography>{' '}
          <Typography component="span" color="text.secondary">
            {t('driver.offer.leftToAnswer')}
          </Typography>
        </Box>
      </Box>
      <Stack direction="row" spacing={1.5}>
        <Button
          variant="contained"
          size="large"
          fullWidth
          sx={{ minHeight: 56 }}
          disabled={busy !== null || locked}
          onClick={onAccept}
          aria-label={busy === 'accept' ? t('messages.processing') : `${t('messages.acceptRide')} ${offer.rideId}`}
        >
          {busy === 'accept' ? t('messages.processing') : t('driver.offer.accept')}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          size="large"
          fullWidth
          sx={{ minHeight: 56, bgcolor: 'background.paper' }}
          disabled={busy !== null}
          onClick={onDecline}
          aria-label={busy === 'decline' ? t('messages.processing') : t('driver.offer.declineRide', { rideId: offer.rideId })}
        >
          {busy === 'decline' ? t('messages.processing') : t('driver.offer.decline')}
        </Button>
      </Stack>
    </Paper>
  );
}
