import { Alert, Box, Paper, Stack, TextField, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { KPI_DEFAULT_DAYS, plantDayOf, shiftDay } from '@plantride/schemas';
import { FilterSelect } from '../../../components/filter-select';
import { VEHICLE_TYPE_CHOICES } from '../../../lib/filter-choices';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api-client';
import { useKpis, type KpiFilters } from '../api/get-kpis';
import { kpiTotals } from '../kpi-chart-data';
import { BusiestRoutesChart, DriverUtilisationChart, RidesPerDayChart, TimesChart } from './kpi-charts';
import { FleetPanel } from './fleet-panel';
import { OnTargetChart } from './on-target-chart';
import { StaffPage } from './staff-page';

const fieldSx = { minWidth: { xs: '100%', sm: 180 } };

function filtersOf(params: URLSearchParams): KpiFilters {
  const today = plantDayOf(new Date());
  const to = params.get('to') || today;
  return { from: params.get('from') || shiftDay(to, 1 - KPI_DEFAULT_DAYS), to, vehicleType: params.get('vehicleType') ?? '' };
}

/** /reports: the KPI dashboard for a range of plant days and one or every vehicle type. */
export function KpiDashboardPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const kpis = useKpis(filters);
  const set = (patch: Partial<KpiFilters>) => setParams({ ...filters, ...patch }, { replace: true });
  const totals = kpis.data ? kpiTotals(kpis.data.days) : null;

  return (
    <>
      <StaffPage title={t('staff.kpis.title')} maxWidth="lg">
        <Paper variant="outlined" component="section" aria-label={t('staff.kpis.filters')} sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              size="small"
              label={t('staff.kpis.from')}
              value={filters.from}
              onChange={(e) => e.target.value && set({ from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to } }}
              sx={fieldSx}
            />
            <TextField
              type="date"
              size="small"
              label={t('staff.kpis.to')}
              value={filters.to}
              onChange={(e) => e.target.value && set({ to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from } }}
              sx={fieldSx}
            />
            <FilterSelect
              label={t('staff.kpis.vehicleType')}
              value={filters.vehicleType}
              onChange={(vehicleType) => set({ vehicleType })}
              anyLabel={t('staff.kpis.allVehicleTypes')}
              options={VEHICLE_TYPE_CHOICES}
              sx={fieldSx}
            />
          </Stack>
        </Paper>
        {kpis.isError && <Alert severity="error">{messageOf(kpis.error, t('staff.kpis.loadFailed'))}</Alert>}
        {totals && (
          <Box
            component="section"
            aria-label={t('staff.kpis.totals')}
            role="status"
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}
          >
            {(['requested', 'completed', 'cancelled'] as const).map((key) => (
              <Paper key={key} variant="outlined" sx={{ p: { xs: 1, sm: 2 }, textAlign: 'center' }} data-testid={`total-${key}`}>
                <Typography variant="h4" component="p">
                  {totals[key]}
                </Typography>
                <Typography color="text.secondary" sx={{ textTransform: 'capitalize' }}>
                  {t(`staff.kpis.totalKinds.${key}`)}
                </Typography>
              </Paper>
            ))}
          </Box>
        )}
        {kpis.data ? (
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, opacity: kpis.isPlaceholderData ? 0.6 : 1 }}
          >
            <RidesPerDayChart kpis={kpis.data} />
            <TimesChart kpis={kpis.data} oneVehicleType={filters.vehicleType !== ''} />
            <OnTargetChart kpis={kpis.data} />
            <DriverUtilisationChart kpis={kpis.data} />
            <BusiestRoutesChart kpis={kpis.data} />
          </Box>
        ) : (
          !kpis.isError && <Typography role="status">{t('staff.common.loading')}</Typography>
        )}
        <FleetPanel filters={filters} />
      </StaffPage>
    </>
  );
}
