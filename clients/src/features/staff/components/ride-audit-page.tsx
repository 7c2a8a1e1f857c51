import { useState } from 'react';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { SERVER_MESSAGES } from '@plantride/schemas';
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
  const [typed, setTyped] = useState(rideId ?? '');
  const timeline = useRideTimeline(rideId ?? null);

  return (
    <>
      <StaffPage title="Ride Audit" maxWidth="lg">
        <Paper
          variant="outlined"
          component="form"
          aria-label="Open a ride"
          sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim()) void navigate(`/ride-audit/${encodeURIComponent(typed.trim().toUpperCase())}`);
          }}
        >
          <TextField
            size="small"
            label="Ride ID"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            sx={{ minWidth: { xs: '100%', sm: 240 } }}
          />
          <Button type="submit" variant="contained">
            Open Ride
          </Button>
        </Paper>
        {!rideId ? (
          <Typography>Enter a ride ID, or open one from Ride Reports.</Typography>
        ) : timeline.isPending ? (
          <Typography role="status">Loading…</Typography>
        ) : timeline.isError ? (
          <Alert severity="error">
            {timeline.error instanceof ApiError && timeline.error.status === 404
              ? `${SERVER_MESSAGES.rideNotFound}: ${rideId}`
              : messageOf(timeline.error, 'Could not load the ride.')}
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
