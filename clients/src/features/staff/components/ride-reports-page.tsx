import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { toast } from '../../../lib/toast';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api-client';
import { downloadRideReports } from '../api/download-ride-reports';
import { useRideReports, useRideReportsTotal } from '../api/get-ride-reports';
import { reportCountTexts } from '../report-counts';
import { activeFilters, filtersFromParams, pageFromParams, type ReportFilterKey } from '../report-filters';
import { ReportFilterControls } from './report-filter-controls';
import { RideReportsTable } from './ride-reports-table';
import { StaffPage } from './staff-page';
import { PageNav } from '../../../components/page-nav';
import { useUrlList } from '../../../lib/use-url-list';

/** /ride-reports: filters and pages are the server's work and live in the URL (SPEC §2). */
export function RideReportsPage() {
  const { t } = useTranslation();
  const { params, setFilters, goTo, clearAll } = useUrlList();
  const filters = filtersFromParams(params);
  const page = pageFromParams(params);
  const reports = useRideReports(filters, page);
  const all = useRideReportsTotal();
  const [downloading, setDownloading] = useState(false);

  const counts = reportCountTexts(
    { total: reports.data?.total ?? 0, capped: reports.data?.totalCapped === true },
    all.data ?? { total: 0, capped: false },
    page,
    reports.data?.pageSize ?? 1,
  );
  const chips = activeFilters(filters);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadRideReports(filters);
    } catch (error) {
      toast.error(messageOf(error, t('staff.reports.downloadFailed')));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <StaffPage
        title={t('staff.reports.title')}
        maxWidth="xl"
        actions={
          <Button color="inherit" variant="outlined" size="small" onClick={() => void download()} disabled={downloading}>
            {downloading ? t('staff.reports.downloading') : t('staff.reports.downloadCsv')}
          </Button>
        }
      >
        <Paper variant="outlined" component="section" aria-label={t('staff.reports.filters')} sx={{ p: 2 }}>
          <Stack spacing={2}>
            <ReportFilterControls filters={filters} onChange={setFilters} />
            {/* Gaps, not margins: a chip or the button wrapped to a new line keeps no left margin to push it past the edge. */}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              {chips.map((chip) => (
                <Chip
                  key={chip.key}
                  label={chip.label}
                  sx={{ maxWidth: '100%' }}
                  onDelete={() => setFilters({ [chip.key]: '' } as Partial<Record<ReportFilterKey, string>>)}
                />
              ))}
              {/* Its own full line on a phone, so it is never cut at the edge. */}
              <Button
                variant="outlined"
                size="small"
                onClick={clearAll}
                disabled={chips.length === 0}
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                {t('staff.reports.clearAll')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
        <Typography role="status" data-testid="showing-records">
          {reports.data && all.data !== undefined ? counts.showing : t('staff.common.loading')}
        </Typography>
        {reports.isError ? (
          <Alert severity="error">{messageOf(reports.error, t('staff.reports.loadFailed'))}</Alert>
        ) : (
          // The table says itself when columns sit past its right edge (ScrollTable).
          <Box sx={{ opacity: reports.isPlaceholderData ? 0.6 : 1 }}>
            {reports.data && <RideReportsTable rows={reports.data.rideReports} />}
          </Box>
        )}
        <PageNav page={page} pageOf={counts.pageOf} nextOpen={counts.nextOpen} onGo={goTo} />
      </StaffPage>
    </>
  );
}
