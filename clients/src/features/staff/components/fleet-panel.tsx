import { useState } from 'react';
import { Alert, Box, Button, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { toast } from 'react-toastify';
import type { FleetVehicle, FleetVehicleType } from '@plantride/schemas';
import { messageOf } from '../../../lib/api-client';
import { downloadFleetCsv } from '../api/download-fleet-csv';
import { useFleetKpis } from '../api/get-fleet-kpis';
import type { KpiFilters } from '../api/get-kpis';
import { downtimeBars } from '../fleet-figures';
import { formatDuration } from '../../../lib/format-number';
import { ChartFigure, FALLBACK_COLOR, VEHICLE_COLORS } from './kpi-charts';
import { FleetTable } from './fleet-table';

function DowntimeChart({ vehicles }: { vehicles: readonly FleetVehicle[] }) {
  const bars = downtimeBars(vehicles);
  return (
    <ChartFigure
      id="fleet-downtime"
      title="Downtime per vehicle"
      summary="Time each vehicle spent out of service for maintenance over the range, in hours, longest first."
      height={Math.max(160, bars.length * 36 + 60)}
      table={{
        headers: ['Vehicle', 'Type', 'Downtime'],
        rows: bars.map((bar) => [bar.vehicle, bar.vehicleType, formatDuration(bar.minutes)]),
      }}
    >
      {bars.length === 0 ? (
        <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
          <Typography color="text.secondary">No downtime in this range</Typography>
        </Box>
      ) : (
        <ResponsiveContainer>
          <BarChart accessibilityLayer={false} data={bars} layout="vertical" margin={{ left: 8, right: 16, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" label={{ value: 'hours', position: 'insideBottom', offset: 0, style: { fill: '#333' } }} height={44} />
            <YAxis type="category" dataKey="vehicle" width={110} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(value) => formatDuration(Number(value) * 60)} />
            <Bar dataKey="downtime" name="Downtime" isAnimationActive={false}>
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
  const fleet = useFleetKpis(filters);
  const [per, setPer] = useState<'vehicle' | 'type'>('vehicle');
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFleetCsv(filters);
    } catch (error) {
      toast.error(messageOf(error, 'Could not download the fleet figures.'));
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
              Fleet
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Breakdowns, mean time between failures (MTBF) and to repair (MTTR), downtime and inspection compliance.
            </Typography>
          </Box>
          <Button variant="outlined" size="small" onClick={() => void download()} disabled={downloading} sx={{ flexShrink: 0 }}>
            {downloading ? 'Downloading…' : 'Download CSV'}
          </Button>
        </Stack>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={per}
          onChange={(_, value: 'vehicle' | 'type' | null) => value && setPer(value)}
          aria-label="Fleet figures per"
        >
          <ToggleButton value="vehicle">Per vehicle</ToggleButton>
          <ToggleButton value="type">Per vehicle type</ToggleButton>
        </ToggleButtonGroup>
        {fleet.isError ? (
          <Alert severity="error">{messageOf(fleet.error, 'Could not load the fleet figures.')}</Alert>
        ) : !fleet.data ? (
          <Typography role="status">Loading…</Typography>
        ) : fleet.data.vehicles.length === 0 ? (
          <Typography color="text.secondary" data-testid="fleet-empty">
            No vehicle worked or broke down in this range
          </Typography>
        ) : (
          <Stack spacing={2} sx={{ opacity: fleet.isPlaceholderData ? 0.6 : 1 }}>
            {per === 'vehicle' ? (
              <FleetTable<FleetVehicle>
                label="Fleet per vehicle"
                labelHeader="Vehicle"
                labelOf={(row) => row.vehicle}
                typeOf={(row) => row.vehicleType}
                rows={fleet.data.vehicles}
                total={fleet.data.total}
                totalLabel="All vehicles"
              />
            ) : (
              <FleetTable<FleetVehicleType>
                label="Fleet per vehicle type"
                labelHeader="Vehicle type"
                labelOf={(row) => row.vehicleType}
                rows={fleet.data.vehicleTypes}
                total={fleet.data.total}
                totalLabel="All types"
              />
            )}
            <DowntimeChart vehicles={fleet.data.vehicles} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
