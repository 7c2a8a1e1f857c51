import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { KpisAnswer } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { onTargetPerDay } from '../kpi-chart-data';
import { ChartFigure, Empty, FALLBACK_COLOR, VEHICLE_COLORS, legendText } from './kpi-charts';

/** Issue #20: per day and vehicle type, the share of completed rides that met their service targets. */
export function OnTargetChart({ kpis }: { kpis: KpisAnswer }) {
  const { t } = useTranslation();
  const { rows, cells, vehicleTypes, overall } = onTargetPerDay(kpis.days);
  const summary =
    overall.percent === null
      ? t('staff.kpis.onTargetSummary')
      : t('staff.kpis.onTargetSummaryOverall', { percent: overall.percent, rides: overall.rides });
  return (
    <ChartFigure
      id="on-target"
      title={t('staff.kpis.onTarget')}
      summary={summary}
      height={280}
      table={{
        headers: [t('staff.kpis.day'), ...vehicleTypes],
        rows: rows.map((row) => [row.day, ...vehicleTypes.map((type) => cells.get(row.day)?.get(type) ?? null)]),
      }}
    >
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <ResponsiveContainer>
          <BarChart accessibilityLayer={false} data={rows} margin={{ left: 0, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" />
            <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} unit="%" width={48} />
            <Tooltip formatter={(value) => (value === null || value === undefined ? '—' : `${String(value)}%`)} />
            <Legend formatter={legendText} />
            {vehicleTypes.map((type) => (
              <Bar key={type} dataKey={type} fill={VEHICLE_COLORS[type] ?? FALLBACK_COLOR} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartFigure>
  );
}
