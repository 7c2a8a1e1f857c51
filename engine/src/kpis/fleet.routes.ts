import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvText } from '../exports/csv';
import {
  FLEET_CSV_COLUMNS,
  fleetAnswerSchema,
  fleetCsvFileName,
  fleetFiguresByGroup,
  fleetQuerySchema,
  kpiRangeProblem,
  plantDayOf,
  resolveKpiRange,
  type FleetAnswer,
  type FleetQuery,
} from '@plantride/schemas';
import { fleetTotals } from '@plantride/projections';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../commands/errors';
import { readModels } from '../rides/ride-access';

/** The figures of the range the query asks for, at `now` (open blocks and rides count until then). */
export async function fleetAnswer(app: FastifyInstance, query: FleetQuery, now: Date): Promise<FleetAnswer> {
  const { from, to } = resolveKpiRange(query, plantDayOf(now));
  // A filled-in default can still make a bad range, e.g. a `from` after today.
  const problem = kpiRangeProblem(from, to);
  if (problem) throw badRequest(problem);
  const vehicles = await fleetTotals(readModels(app), { from, to, vehicleType: query.vehicleType }, now);
  return { from, to, ...fleetFiguresByGroup(vehicles) };
}

const cell = (value: number | null) => (value === null ? '' : String(value));

/** Fleet reliability figures per vehicle type and vehicle (issue #21), staff only, as JSON and as CSV. */
export const fleetRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('admin', 'maintenanceHead');

  app.get(
    '/api/kpis/fleet',
    { onRequest: guard, schema: { querystring: fleetQuerySchema, response: { 200: fleetAnswerSchema } } },
    async (request) => fleetAnswer(app, request.query, new Date()),
  );

  app.get(
    '/api/kpis/fleet.csv',
    {
      onRequest: guard,
      schema: {
        querystring: fleetQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe(fleetCsvFileName('yyyy-MM-dd', 'yyyy-MM-dd')) },
      },
    },
    async (request, reply) => {
      const answer = await fleetAnswer(app, request.query, new Date());
      const rows = answer.vehicles.map((v) => [
        v.vehicle,
        v.vehicleType,
        String(v.breakdowns),
        String(v.operatingHours),
        cell(v.mtbfHours),
        cell(v.mttrHours),
        String(v.downtimeHours),
        cell(v.inspectionCompliance),
      ]);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fleetCsvFileName(answer.from, answer.to)}"`);
      return csvText([FLEET_CSV_COLUMNS, ...rows]);
    },
  );
};
