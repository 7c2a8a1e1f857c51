import { Box, Paper, Stack, Typography } from '@mui/material';
import type { RideTimelineAnswer } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { rideInspectionLines } from '../ride-inspections';
import { InspectionResultChip } from './inspection-result-chip';
import { PhotoGallery } from '../../../components/photos/photo-gallery';

/** Issue #21: each driver of the ride and his vehicle inspection on the day he took it. */
export function RideInspectionsSection({ timeline }: { timeline: RideTimelineAnswer }) {
  const { t } = useTranslation();
  const lines = rideInspectionLines(timeline.inspections, timeline.events);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="audit-inspections-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" id="audit-inspections-title" gutterBottom>
        {t('staff.audit.inspectionTitle')}
      </Typography>
      {lines.length === 0 ? (
        <Typography color="text.secondary">{t('staff.audit.noDriverTook')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {lines.map((line) => (
            <Box component="li" key={line.operatorId} data-testid={`audit-inspection-${line.operatorId}`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.driver}</Typography>
                {line.inspection && <InspectionResultChip passed={line.inspection.passed} />}
                <Typography component="span" color="text.secondary">
                  {line.inspection
                    ? t('staff.audit.inspectedAt', { time: formatDateTime(line.inspection.inspectedAt) })
                    : t('staff.audit.noInspection')}
                </Typography>
              </Stack>
              {line.inspection && line.inspection.defects.length > 0 && (
                <Typography variant="body2" sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>
                  {t('staff.audit.defects', { defects: line.inspection.defects.join('; ') })}
                </Typography>
              )}
              {line.inspection && (
                <PhotoGallery photoIds={line.inspection.photoIds} label={t('staff.audit.defectPhotos', { driver: line.driver })} />
              )}
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** Issue #34: the photos filed with each breakdown that handed the ride over; nothing when none had photos. */
export function RideBreakdownPhotos({ timeline }: { timeline: RideTimelineAnswer }) {
  const { t } = useTranslation();
  if (timeline.breakdownPhotos.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="audit-breakdown-photos-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" id="audit-breakdown-photos-title" gutterBottom>
        {t('staff.audit.breakdownPhotos')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {timeline.breakdownPhotos.map(({ requestId, driverId, photoIds }) => (
          <Box component="li" key={requestId} data-testid={`audit-breakdown-${requestId}`}>
            <Typography sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>{t('staff.audit.reportedBy', { requestId, driverId })}</Typography>
            <PhotoGallery photoIds={photoIds} label={t('staff.requests.photosOf', { id: requestId })} />
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
