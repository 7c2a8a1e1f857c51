import { useId } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import type { InspectionRow } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { driverLabel } from '../inspection-history';
import { InspectionResultChip } from './inspection-result-chip';
import { PhotoGallery } from '../../../components/photos/photo-gallery';

/** One inspection's answers: each item, OK or failed, critical or not, and the driver's note. */
export function InspectionAnswersDialog({ inspection, onClose }: { inspection: InspectionRow | null; onClose: () => void }) {
  const titleId = useId();
  const { t } = useTranslation();
  return (
    // The whole dialog scrolls with the page: a long checklist stays reachable by keyboard (its Close button is in the scrolled box).
    <Dialog open={inspection !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="body">
      {inspection && (
        <>
          <DialogTitle id={titleId}>{t('staff.inspections.by', { driver: driverLabel(inspection) })}</DialogTitle>
          <DialogContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
              <InspectionResultChip passed={inspection.passed} />
              <Typography variant="body2" color="text.secondary">
                {`${formatDateTime(inspection.inspectedAt)} · ${inspection.vehicleType} ${inspection.vehicleNumber}`}
              </Typography>
            </Stack>
            {inspection.maintenanceRequestId && (
              <Typography variant="body2" sx={{ mb: 2 }}>
                {t('staff.inspections.requestFiled', { id: inspection.maintenanceRequestId })}
              </Typography>
            )}
            <Box component="ul" aria-label={t('staff.inspections.answers')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {inspection.items.map((item) => (
                <Box
                  component="li"
                  key={item.id}
                  sx={{ borderLeft: 4, borderColor: item.ok ? 'success.main' : 'error.main', pl: 1.5, py: 0.5 }}
                >
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                    <Typography sx={{ fontWeight: 600 }}>{item.text}</Typography>
                    <Typography component="span" variant="body2" sx={{ color: item.ok ? 'success.dark' : 'error.main', fontWeight: 700 }}>
                      {item.ok ? t('staff.inspections.ok') : t('staff.inspections.failed')}
                    </Typography>
                    {item.critical && <Chip size="small" label={t('staff.inspections.critical')} variant="outlined" />}
                  </Stack>
                  {item.note && (
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      {t('staff.inspections.note', { note: item.note })}
                    </Typography>
                  )}
                  {/* Issue #34: what the driver photographed of a failed item. */}
                  <PhotoGallery photoIds={item.photoIds ?? []} label={t('staff.inspections.photosOf', { item: item.text })} />
                </Box>
              ))}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('staff.inspections.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
