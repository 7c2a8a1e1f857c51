import { Box, Button, Paper, Typography } from '@mui/material';
import { rideStatusTitle } from '@plantride/schemas';
import { MESSAGES } from '@plantride/schemas';
import { formatDateTime } from '../../../lib/format-date';
import { useRideStatus } from '../api/get-ride-status';
import { useRideTimestamps } from '../api/get-timestamps';
import { breakdownStepNote, DASHBOARD_STEPS, DASHBOARD_TIMES, dashboardStepOf } from '../ride-steps';
import { RideTracker } from '../../../components/ride-tracker';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';

/** The dashboard's ride status view: four steps and the start, pick and drop times. */
export function DashboardRideStatus({ rideId, position, onBack }: { rideId: string; position: number; onBack: () => void }) {
  const { t } = useTranslation();
  const status = useRideStatus(rideId, position);
  const timestamps = useRideTimestamps(rideId, status.data?.status ?? null, position);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {translateMessage(rideStatusTitle(rideId))}
      </Typography>
      <RideTracker
        steps={DASHBOARD_STEPS}
        step={dashboardStepOf(status.data?.status, timestamps.data ?? null)}
        label={t('driver.rideProgress')}
        note={status.data?.status === 'waiting_for_reassignment' ? breakdownStepNote() : null}
      />
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, my: 2 }}>
        {DASHBOARD_TIMES.map(({ label, key }) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {formatDateTime(timestamps.data?.[key])}
            </Typography>
          </Box>
        ))}
      </Box>
      <Button variant="contained" onClick={onBack}>
        {MESSAGES.backToDashboard}
      </Button>
    </Paper>
  );
}
