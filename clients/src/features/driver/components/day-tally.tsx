import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { driverTodayAnswerSchema, type DriverTodayAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { historyKeys } from '../../../lib/query-keys';
import { useReadAgainAt } from '../../../lib/use-read-again-at';
import { i18n } from '../../../i18n/i18n';

/** 'Today: 1 ride · 12 min driving' (issue #32 item 7); nothing yet: 'Today: no rides yet'. */
export function dayTallyText({ rides, drivingMinutes }: Pick<DriverTodayAnswer, 'rides' | 'drivingMinutes'>): string {
  if (rides === 0) return i18n.t('driver.tally.none');
  return i18n.t('driver.tally.today', { count: rides, minutes: drivingMinutes });
}

/**
 * The driver's own tally for the plant's day, under his greeting: read again whenever his history is
 * (same key prefix), and at each position his rides moved to (read-your-writes: his own End Ride counts at once).
 */
export function DayTally({ driverId, position }: { driverId: string; position: number }) {
  const queryKey = [...historyKeys.driver(driverId), 'today'];
  const tally = useQuery({
    queryKey,
    queryFn: () => api(`/api/ride-history/today?driverId=${encodeURIComponent(driverId)}`, { schema: driverTodayAnswerSchema, position }),
  });
  useReadAgainAt(queryKey, position);
  if (!tally.data) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="day-tally">
      {dayTallyText(tally.data)}
    </Typography>
  );
}
