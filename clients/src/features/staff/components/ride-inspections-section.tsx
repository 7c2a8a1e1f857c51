import { Box, Paper, Stack, Typography } from '@mui/material';
import type { RideTimelineAnswer } from '@plantride/schemas';
import { formatDateTime } from '../../../lib/format-date';
import { rideInspectionLines } from '../ride-inspections';
import { InspectionResultChip } from './inspection-result-chip';
import { PhotoGallery } from '../../../components/photos/photo-gallery';

/** Issue #21: each driver of the ride and his vehicle inspection on the day he took it. */
export function RideInspectionsSection({ timeline }: { timeline: RideTimelineAnswer }) {
  const lines = rideInspectionLines(timeline.inspections, timeline.events);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="audit-inspections-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" id="audit-inspections-title" gutterBottom>
        Vehicle inspection
      </Typography>
      {lines.length === 0 ? (
        <Typography color="text.secondary">No driver took this ride.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {lines.map((line) => (
            <Box component="li" key={line.operatorId} data-testid={`audit-inspection-${line.operatorId}`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.driver}</Typography>
                {line.inspection && <InspectionResultChip passed={line.inspection.passed} />}
                <Typography component="span" color="text.secondary">
                  {line.inspection ? `inspected ${formatDateTime(line.inspection.inspectedAt)}` : 'No inspection recorded that day'}
                </Typography>
              </Stack>
              {line.inspection && line.inspection.defects.length > 0 && (
                <Typography variant="body2" sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>
                  Defects: {line.inspection.defects.join('; ')}
                </Typography>
              )}
              {line.inspection && <PhotoGallery photoIds={line.inspection.photoIds} label={`Photos of the defects ${line.driver} found`} />}
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** Issue #34: the photos filed with each breakdown that handed the ride over; nothing when none had photos. */
export function RideBreakdownPhotos({ timeline }: { timeline: RideTimelineAnswer }) {
  if (timeline.breakdownPhotos.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="audit-breakdown-photos-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" id="audit-breakdown-photos-title" gutterBottom>
        Breakdown photos
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {timeline.breakdownPhotos.map(({ requestId, driverId, photoIds }) => (
          <Box component="li" key={requestId} data-testid={`audit-breakdown-${requestId}`}>
            <Typography sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
              Request {requestId}, reported by {driverId}
            </Typography>
            <PhotoGallery photoIds={photoIds} label={`Photos of request ${requestId}`} />
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
