import { useState } from 'react';
import { Box, Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { MESSAGES, isCancellable, statusAfterFact, type RideHistoryRow } from '@plantride/schemas';
import { formatDateTime, scheduledText } from '../../../lib/format-date';
import { CancelRideDialog } from './cancel-ride-dialog';
import { StatusChip } from './status-chip';
import { UrgentChip } from './urgent-chip';
import { useTranslation } from 'react-i18next';

interface RideHistoryListProps {
  rides: readonly RideHistoryRow[];
  onOpen: (ride: RideHistoryRow) => void;
  /** With it, requested and scheduled rides get Cancel Ride, confirmed in the tracker's dialog. */
  onCancel?: (ride: RideHistoryRow) => void;
  cancelling?: boolean;
  /** The list's accessible name; 'Your Ride History' unless said. */
  label?: string;
}

/** 'Scheduled for 27 Nov 2026, 14:30 · goes to drivers at 14:15' for a ride still waiting for its time, else null. */
export function scheduledLine(ride: Pick<RideHistoryRow, 'RIDE_ID' | 'STATUS' | 'SCHEDULED_FOR' | 'RELEASE_AT'>): string | null {
  return ride.STATUS === 'scheduled' ? scheduledText(ride.SCHEDULED_FOR, ride.RELEASE_AT ?? null) : null;
}

/** 'Your Ride History' as a list of cards; the card's main area opens the ride's tracker. */
export function RideHistoryList({ rides, onOpen, onCancel, cancelling = false, label = MESSAGES.yourRideHistory }: RideHistoryListProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<RideHistoryRow | null>(null);
  if (rides.length === 0) return <Typography sx={{ my: 2 }}>{t('messages.noRideHistoryFound')}</Typography>;
  return (
    <>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
        {rides.map((ride) => (
          <Card component="li" key={ride.RIDE_ID} variant="outlined">
            {/* Named by all it shows (WCAG 2.5.3: what a voice-control user reads is its name). */}
            <CardActionArea onClick={() => ride.RIDEID && onOpen(ride)}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {ride.FROM_LOCATION} → {ride.TO_LOCATION}
                  </Typography>
                  <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
                    {ride.PRIORITY === 'urgent' && <UrgentChip />}
                    <StatusChip status={ride.STATUS} />
                  </Stack>
                </Stack>
                {scheduledLine(ride) && (
                  <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={`scheduled-${ride.RIDE_ID}`}>
                    {scheduledLine(ride)}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {t('requester.historyLine', { rideId: ride.RIDE_ID, minutes: ride.ESTIMATED_TIME, vehicle: ride.VEHICLE_TYPE })}
                  {ride.DURATION ? ` · ${ride.DURATION}` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(ride.CREATED_AT)}
                </Typography>
              </CardContent>
            </CardActionArea>
            {/* A ride waiting after a breakdown is cancelled from its tracker, which says what that means. */}
            {onCancel && isCancellable(ride.STATUS) && ride.STATUS !== statusAfterFact('RideRedistributed') && (
              <Box sx={{ px: 2, pb: 1.5 }}>
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  onClick={() => setAsking(ride)}
                  aria-label={t('requester.cancelRideN', { rideId: ride.RIDE_ID })}
                >
                  {t('requester.cancelRide')}
                </Button>
              </Box>
            )}
          </Card>
        ))}
      </Stack>
      {/* The one confirmation a cancel has, as on the ride's tracker. */}
      <CancelRideDialog
        open={asking !== null}
        status={asking?.STATUS ?? null}
        timestamps={null}
        toLocation={asking?.TO_LOCATION ?? null}
        busy={cancelling}
        onConfirm={() => {
          if (asking) onCancel?.(asking);
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
