import { useState } from 'react';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useRideTimeline } from '../api/get-ride-timeline';
import { AssignRideButton } from './assign-ride-dialog';
import { RideBreakdownPhotos, RideInspectionsSection } from './ride-inspections-section';
import { RideReplay } from './ride-replay';
import { StaffPage } from './staff-page';

/** /ride-audit/:rideId: any ride's timeline from the store, and a scrubber that replays its tracker (staff). */
export function RideAuditPage() {
  const { rideId } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [typed, setTyped] = useState(rideId ?? '');
  const timeline = useRideTimeline(rideId ?? null);

  return (
    <>
      <StaffPage title={t('staff.audit.title')} maxWidth="lg">
        <Paper
          variant="outlined"
          component="form"
          aria-label={t('staff.audit.openRide')}
          sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim()) void navigate(`/ride-audit/${encodeURIComponent(typed.trim().toUpperCase())}`);
          }}
        >
          <TextField
            size="small"
            label={t('staff.audit.rideId')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            sx={{ minWidth: { xs: '100%', sm: 240 } }}
          />
          <Button type="submit" variant="contained">
            {t('staff.audit.open')}
          </Button>
        </Paper>
        {!rideId ? (
          <Typography>{t('staff.audit.enterRide')}</Typography>
        ) : timeline.isPending ? (
          <Typography role="status">{t('staff.common.loading')}</Typography>
        ) : timeline.isError ? (
          <Alert severity="error">
            {timeline.error instanceof ApiError && timeline.error.status === 404
              ? `${translateMessage(SERVER_MESSAGES.rideNotFound)}: ${rideId}`
              : messageOf(timeline.error, t('staff.audit.loadFailed'))}
          </Alert>
        ) : (
          <Stack key={rideId} spacing={2}>
            {/* Issue #32 item 4: a ride waiting for a driver, or accepted and not yet picked up. */}
            {timeline.data.ride && (
              <Stack direction="row">
                <AssignRideButton rideId={rideId} status={timeline.data.ride.status} />
              </Stack>
            )}
            <RideReplay timeline={timeline.data} />
            {timeline.data.ride && <RideInspectionsSection timeline={timeline.data} />}
            <RideBreakdownPhotos timeline={timeline.data} />
          </Stack>
        )}
      </StaffPage>
    </>
  );
}
