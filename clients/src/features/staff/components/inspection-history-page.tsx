import { useState } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { InspectionRow } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api-client';
import { useInspections } from '../api/get-inspections';
import { INSPECTION_FILTER_KEYS, inspectionFiltersOf, pageInfo } from '../inspection-history';
import { pageFromParams } from '../report-filters';
import { useLivePosition } from '../use-live-position';
import { InspectionAnswersDialog } from './inspection-answers-dialog';
import { InspectionFilterControls } from './inspection-filter-controls';
import { InspectionsTable } from './inspections-table';
import { StaffPage } from './staff-page';
import { PageNav } from '../../../components/page-nav';
import { useUrlList } from '../../../lib/use-url-list';

const LIVE_EVENTS = ['vehicleInspected'] as const;

/** /inspections: every driver's daily vehicle inspections (issue #21); filters and page live in the URL. */
export function InspectionHistoryPage() {
  const { t } = useTranslation();
  const { params, setFilters, goTo, clearAll } = useUrlList();
  const filters = inspectionFiltersOf(params);
  const page = pageFromParams(params);
  const live = useLivePosition(LIVE_EVENTS);
  const inspections = useInspections(filters, page, live.position, live.version);
  const [open, setOpen] = useState<InspectionRow | null>(null);
  const paging = pageInfo(inspections.data?.total ?? 0, inspections.data?.limit ?? 1, page);
  const filtered = INSPECTION_FILTER_KEYS.some((key) => filters[key]);

  return (
    <>
      <StaffPage title={t('staff.inspections.title')} maxWidth="lg">
        <Paper variant="outlined" component="section" aria-label={t('staff.inspections.filters')} sx={{ p: 2 }}>
          <Stack spacing={2}>
            <InspectionFilterControls filters={filters} onChange={setFilters} />
            <Box>
              <Button variant="outlined" size="small" onClick={clearAll} disabled={!filtered} sx={{ width: { xs: '100%', sm: 'auto' } }}>
                {t('staff.inspections.clearAll')}
              </Button>
            </Box>
          </Stack>
        </Paper>
        <Typography role="status" data-testid="inspections-count">
          {inspections.data ? t('staff.inspections.count', { count: inspections.data.total }) : t('staff.common.loading')}
        </Typography>
        {inspections.isError ? (
          <Alert severity="error">{messageOf(inspections.error, t('staff.inspections.loadFailed'))}</Alert>
        ) : (
          <Box sx={{ opacity: inspections.isPlaceholderData ? 0.6 : 1 }}>
            {inspections.data && <InspectionsTable rows={inspections.data.inspections} onOpen={setOpen} />}
          </Box>
        )}
        <PageNav page={page} pageOf={paging.pageOf} nextOpen={paging.nextOpen} onGo={goTo} />
      </StaffPage>
      <InspectionAnswersDialog inspection={open} onClose={() => setOpen(null)} />
    </>
  );
}
