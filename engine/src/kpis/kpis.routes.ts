import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  KPI_TOP_ROUTES,
  kpiRangeProblem,
  kpisAnswerSchema,
  kpisQuerySchema,
  plantDayOf,
  plantDayStartMs,
  resolveKpiRange,
  shiftDay,
  toKpiMinutes,
  toSlaMetShare,
  toUtilisation,
  type KpiMinutes,
} from '@plantride/schemas';
import { kpiDays, kpiDrivers, kpiRoutes, kpiShiftDrivers, kpiShiftSeconds, type KpiSeconds } from '@plantride/projections';
import { badRequest } from '../commands/errors';
import { readModels } from '../rides/ride-access';

const minutes = ({ avg, p90 }: KpiSeconds): KpiMinutes => ({
  avg: avg === null ? null : toKpiMinutes(avg),
  p90: p90 === null ? null : toKpiMinutes(p90),
});

/** Staff dashboards' KPIs per plant day and vehicle type, per driver and per route, over a range of request days. */
export const kpisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/kpis',
    {
      onRequest: app.requireRole('admin', 'maintenanceHead'),
      schema: { querystring: kpisQuerySchema, response: { 200: kpisAnswerSchema } },
    },
    async (request) => {
      const now = new Date();
      const { from, to } = resolveKpiRange(request.query, plantDayOf(now));
      // A filled-in default can still make a bad range, e.g. a `from` after today.
      const problem = kpiRangeProblem(from, to);
      if (problem) throw badRequest(problem);
      const filter = { from, to, vehicleType: request.query.vehicleType };
      const db = readModels(app);
      const days = await kpiDays(db, filter);
      const drivers = await kpiDrivers(db, filter);
      const routes = await kpiRoutes(db, filter, KPI_TOP_ROUTES);
      const onShift = await kpiShiftSeconds(db, plantDayStartMs(from), plantDayStartMs(shiftDay(to, 1)), now);
      // Drivers on shift who completed no ride in the range are listed too, after the others (0 % busy).
      const listed = new Set(drivers.map((driver) => driver.driverId));
      const idle = await kpiShiftDrivers(
        db,
        [...onShift.keys()].filter((driverId) => !listed.has(driverId)),
        filter.vehicleType,
      );
      return {
        from,
        to,
        days: days.map(({ waitSeconds, pickupSeconds, deliverySeconds, ...counts }) => ({
          ...counts,
          slaMetShare: toSlaMetShare(counts.slaMetRides, counts.slaRides),
          waitMinutes: minutes(waitSeconds),
          pickupMinutes: minutes(pickupSeconds),
          deliveryMinutes: minutes(deliverySeconds),
        })),
        drivers: [...drivers, ...idle.map((driver) => ({ ...driver, ridesCompleted: 0, busySeconds: 0 }))].map(
          ({ busySeconds, ...driver }) => {
            const shiftSeconds = onShift.get(driver.driverId) ?? null;
            return {
              ...driver,
              busyMinutes: toKpiMinutes(busySeconds),
              shiftMinutes: shiftSeconds === null ? null : toKpiMinutes(shiftSeconds),
              utilisation: toUtilisation(busySeconds, shiftSeconds),
            };
          },
        ),
        routes,
      };
    },
  );
};
