import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { KpisAnswer } from '@plantride/schemas';
import { driverUtilisation, ridesPerDay, routeLabel, timesInUnit, timesPerDay } from '../kpi-chart-data';
import { formatDuration } from '../../../lib/format-number';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useTranslation } from 'react-i18next';

// Distinct at a glance and dark enough for white gaps between stacked bars.
export const VEHICLE_COLORS: Record<string, string> = { Forklift: '#1f5f3b', Crane: '#8a4b08', AMR: '#0b5394', 'Cherry Picker': '#7b2d8b' };
export const FALLBACK_COLOR = '#555555';

interface FigureProps {
  id: string;
  title: string;
  summary: string;
  height: number;
  /** The chart's figures as a table for screen readers: a chart alone says nothing to them. */
  table: { headers: readonly string[]; rows: readonly (readonly (string | number | null)[])[] };
  children: ReactNode;
}

// Legend text in the page's own colour: the series colours are not all readable as text.
export const legendText = (value: string) => <span style={{ color: '#333' }}>{value}</span>;

export function ChartFigure({ id, title, summary, height, table, children }: FigureProps) {
  return (
    <Paper
      variant="outlined"
      component="figure"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      sx={{ m: 0, p: { xs: 1.5, sm: 2 } }}
    >
      <Typography variant="h6" component="h2" id={`${id}-title`}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" id={`${id}-summary`} component="figcaption" sx={{ mb: 1 }}>
        {summary}
      </Typography>
      {/* The chart is for the eye; the table below says the same to a screen reader. */}
      <Box sx={{ width: '100%', height }} aria-hidden="true">
        {children}
      </Box>
      {/* A table ignores a 1 px width, so the hidden box around it does the hiding. */}
      <Box sx={visuallyHidden}>
        <table aria-label={title}>
          <thead>
            <tr>
              {table.headers.map((header) => (
                <th key={header}>{header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>{cell ?? '—'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Paper>
  );
}

export function Empty() {
  const { t } = useTranslation();
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
      <Typography color="text.secondary">{t('staff.kpis.noRides')}</Typography>
    </Box>
  );
}

export function RidesPerDayChart({ kpis }: { kpis: KpisAnswer }) {
  const { t } = useTranslation();
  const { rows, vehicleTypes } = ridesPerDay(kpis.days);
  return (
    <ChartFigure
      id="rides-per-day"
      title={t('staff.kpis.ridesPerDay')}
      summary={t('staff.kpis.ridesPerDaySummary')}
      height={280}
      table={{
        headers: [t('staff.kpis.day'), ...vehicleTypes],
        rows: rows.map((row) => [row.day, ...vehicleTypes.map((type) => row[type] as number)]),
      }}
    >
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <ResponsiveContainer>
          <BarChart accessibilityLayer={false} data={rows} margin={{ left: 0, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" />
            <YAxis allowDecimals={false} width={32} />
            <Tooltip />
            <Legend formatter={legendText} />
            {vehicleTypes.map((type) => (
              <Bar key={type} dataKey={type} stackId="rides" fill={VEHICLE_COLORS[type] ?? FALLBACK_COLOR} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartFigure>
  );
}

export function TimesChart({ kpis, oneVehicleType }: { kpis: KpisAnswer; oneVehicleType: boolean }) {
  const { t } = useTranslation();
  const minutes = timesPerDay(kpis.days, oneVehicleType);
  const { rows, unit } = timesInUnit(minutes);
  return (
    <ChartFigure
      id="times"
      title={t('staff.kpis.times', { unit: t(`staff.kpis.units.${unit.name}`) })}
      summary={t('staff.kpis.timesSummary')}
      height={300}
      table={{
        headers: [
          t('staff.kpis.day'),
          t('staff.kpis.waitAvg'),
          t('staff.kpis.waitP90'),
          t('staff.kpis.deliveryAvg'),
          t('staff.kpis.deliveryP90'),
        ],
        rows: minutes.map((r) => [r.label, ...[r.waitAvg, r.waitP90, r.deliveryAvg, r.deliveryP90].map((m) => formatDuration(m))]),
      }}
    >
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <ResponsiveContainer>
          <BarChart accessibilityLayer={false} data={rows} margin={{ left: 0, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" interval={0} tick={{ fontSize: 11 }} />
            <YAxis
              width={48}
              allowDecimals={false}
              label={{
                value: t(`staff.kpis.units.${unit.name}`),
                angle: -90,
                position: 'insideLeft',
                style: { textAnchor: 'middle', fill: '#333' },
              }}
            />
            <Tooltip formatter={(value) => formatDuration(Number(value) / unit.perMinute)} />
            <Legend formatter={legendText} />
            <Bar dataKey="waitAvg" name={t('staff.kpis.waitAvg')} fill="#8ab89b" isAnimationActive={false} />
            <Bar dataKey="waitP90" name={t('staff.kpis.waitP90')} fill="#1f5f3b" isAnimationActive={false} />
            <Bar dataKey="deliveryAvg" name={t('staff.kpis.deliveryAvg')} fill="#e0a96d" isAnimationActive={false} />
            <Bar dataKey="deliveryP90" name={t('staff.kpis.deliveryP90')} fill="#8a4b08" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartFigure>
  );
}

export function DriverUtilisationChart({ kpis }: { kpis: KpisAnswer }) {
  const { t } = useTranslation();
  const rows = driverUtilisation(kpis.drivers).map((row) => ({
    ...row,
    bar: row.percent ?? 0,
    label: `${row.name} · ${t('staff.kpis.rideCount', { count: row.ridesCompleted })}`,
  }));
  const widest = Math.max(100, ...rows.map((row) => row.bar));
  return (
    <ChartFigure
      id="drivers"
      title={t('staff.kpis.utilisation')}
      summary={t('staff.kpis.utilisationSummary')}
      height={Math.max(180, rows.length * 40 + 84)}
      table={{
        headers: [
          t('staff.kpis.driver'),
          t('staff.kpis.utilisationColumn'),
          t('staff.kpis.busy'),
          t('staff.kpis.onShift'),
          t('staff.kpis.ridesCompleted'),
        ],
        rows: rows.map((r) => [r.name, r.percent === null ? '—' : `${r.percent}%`, r.busy, r.onShift, r.ridesCompleted]),
      }}
    >
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <ResponsiveContainer>
          <BarChart accessibilityLayer={false} data={rows} layout="vertical" margin={{ left: 8, right: 16, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis
              type="number"
              domain={[0, Math.ceil(widest / 25) * 25]}
              tickCount={5}
              allowDecimals={false}
              unit="%"
              label={{ value: t('staff.kpis.percentOfShift'), position: 'insideBottom', offset: 0, style: { fill: '#333' } }}
              height={44}
            />
            <YAxis type="category" dataKey="label" width={150} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(_, __, item) => (item.payload as { note: string }).note} />
            {/* minPointSize keeps a bar, and so its words, for a driver with no shift; it is drawn clear. */}
            <Bar dataKey="bar" name={t('staff.kpis.utilisationColumn')} fill="#9fc5e8" minPointSize={1} isAnimationActive={false}>
              {rows.map((row) => (
                <Cell key={row.label} fill={row.percent === null ? 'transparent' : '#9fc5e8'} />
              ))}
              {/* Every bar says its figures in words, a driver with no shift (no bar) too: inside a long bar, after a short one. */}
              <LabelList
                dataKey="note"
                content={({ x, y, width, height, index }) => {
                  const row = rows[index ?? 0];
                  if (!row) return null;
                  const [left, top, w, h] = [x, y, width, height].map(Number) as [number, number, number, number];
                  return (
                    <text
                      x={row.bar > 55 ? left + 6 : left + w + 6}
                      y={top + h / 2}
                      dominantBaseline="central"
                      fontSize={11}
                      fill="#1a1a1a"
                    >
                      {row.note}
                    </text>
                  );
                }}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartFigure>
  );
}

export function BusiestRoutesChart({ kpis }: { kpis: KpisAnswer }) {
  const { t } = useTranslation();
  const rows = kpis.routes.map((route) => ({ route: routeLabel(route), rides: route.rides }));
  return (
    <ChartFigure
      id="routes"
      title={t('staff.kpis.routes')}
      summary={t('staff.kpis.routesSummary')}
      height={Math.max(160, rows.length * 36 + 40)}
      table={{ headers: [t('staff.kpis.route'), t('staff.kpis.rides')], rows: rows.map((r) => [r.route, r.rides]) }}
    >
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <ResponsiveContainer>
          <BarChart accessibilityLayer={false} data={rows} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="route" width={150} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Bar dataKey="rides" name={t('staff.kpis.rides')} fill="#1f5f3b" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartFigure>
  );
}
