import { useState } from 'react';
import { Alert, Box, Button, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { toast } from '../../../lib/toast';
import type { FleetVehicle, FleetVehicleType } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api-client';
import { downloadFleetCsv } from '../api/download-fleet-csv';
import { useFleetKpis } from '../api/get-fleet-kpis';
import type { KpiFilters } from '../api/get-kpis';
import { downtimeBars } from '../fleet-figures';
import { formatDuration } from '../../../lib/format-number';
import { ChartFigure, FALLBACK_COLOR, VEHICLE_COLORS } from './kpi-charts';
import { FleetTable } from './fleet-table';

function DowntimeChart({ vehicles }: { vehicles: readonly FleetVehicle[] }) {
  const { t } = useTranslation();
  const bars = downtimeBars(vehicles);
  return (
    <ChartFigure
      id="fleet-downtime"
      title={t('staff.fleet.downtimeChart')}
      summary={t('staff.fleet.downtimeSummary')}
      height={Math.max(160, bars.length * 36 + 60)}
      table={{
        headers: [t('staff.fleet.vehicle'), t('staff.fleet.type'), t('staff.fleet.downtime')],
        rows: bars.map((bar) => [bar.vehicle, bar.vehicleType, formatDuration(bar.minutes)]),
      }}
    >
      {bars.length === 0 ? (
        <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
          <Typography color="text.secondary">{t('staff.fleet.noDowntime')}</Typography>
        </Box>
      ) : (
        <ResponsiveContainer>
          <BarChart accessibilityLayer={false} data={bars} layout="vertical" margin={{ left: 8, right: 16, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis
              type="number"
              label={{ value: t('staff.fleet.hours'), position: 'insideBottom', offset: 0, style: { fill: '#333' } }}
              height={44}
            />
            <YAxis type="category" dataKey="vehicle" width={110} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(value) => formatDuration(Number(value) * 60)} />
            <Bar dataKey="downtime" name={t('staff.fleet.downtime')} isAnimationActive={false}>
              {bars.map((bar) => (
                <Cell key={bar.vehicle} fill={VEHICLE_COLORS[bar.vehicleType] ?? FALLBACK_COLOR} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartFigure>
  );
}

/** Issue #21: breakdowns, MTBF, MTTR, downtime and inspection compliance for the KPI page's range and vehicle type. */
export function FleetPanel({ filters }: { filters: KpiFilters }) {
  const { t } = useTranslation();
  const fleet = useFleetKpis(filters);
  const [per, setPer] = useState<'vehicle' | 'type'>('vehicle');
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFleetCsv(filters);
    } catch (error) {
      toast.error(messageOf(error, t('staff.fleet.downloadFailed')));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="fleet-title" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <Box>
            <Typography variant="h6" component="h2" id="fleet-title">
              {t('staff.fleet.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('staff.fleet.note')}
            </Typography>
          </Box>
          <Button variant="outlined" size="small" onClick={() => void download()} disabled={downloading} sx={{ flexShrink: 0 }}>
            {downloading ? t('staff.reports.downloading') : t('staff.reports.downloadCsv')}
          </Button>
        </Stack>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={per}
          onChange={(_, value: 'vehicle' | 'type' | null) => value && setPer(value)}
          aria-label={t('staff.fleet.per')}
        >
          <ToggleButton value="vehicle">{t('staff.fleet.perVehicle')}</ToggleButton>
          <ToggleButton value="type">{t('staff.fleet.perType')}</ToggleButton>
        </ToggleButtonGroup>
        {fleet.isError ? (
          <Alert severity="error">{messageOf(fleet.error, t('staff.fleet.loadFailed'))}</Alert>
        ) : !fleet.data ? (
          <Typography role="status">{t('staff.common.loading')}</Typography>
        ) : fleet.data.vehicles.length === 0 ? (
          <Typography color="text.secondary" data-testid="fleet-empty">
            {t('staff.fleet.empty')}
          </Typography>
        ) : (
          <Stack spacing={2} sx={{ opacity: fleet.isPlaceholderData ? 0.6 : 1 }}>
            {per === 'vehicle' ? (
              <FleetTable<FleetVehicle>
                label={t('staff.fleet.tablePerVehicle')}
                labelHeader={t('staff.fleet.vehicle')}
                labelOf={(row) => row.vehicle}
                typeOf={(row) => row.vehicleType}
                rows={fleet.data.vehicles}
                total={fleet.data.total}
                totalLabel={t('staff.fleet.allVehicles')}
              />
            ) : (
              <FleetTable<FleetVehicleType>
                label={t('staff.fleet.tablePerType')}
                labelHeader={t('staff.fleet.vehicleType')}
                labelOf={(row) => row.vehicleType}
                rows={fleet.data.vehicleTypes}
                total={fleet.data.total}
                totalLabel={t('staff.fleet.allTypes')}
              />
            )}
            <DowntimeChart vehicles={fleet.data.vehicles} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
