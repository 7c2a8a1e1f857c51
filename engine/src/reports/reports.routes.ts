import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allRidesAnswerSchema,
  plantDayOf,
  rideReportFilterOf,
  rideReportFiltersQuerySchema,
  rideReportsAnswerSchema,
  rideReportsQuerySchema,
  rideReportsCsvFileName,
} from '@plantride/schemas';
import { REPORT_COUNT_CAP, countRideReports, rideReportsPage } from '@plantride/projections';
import { readModels } from '../rides/ride-access';
import { toRideReportServerRow } from './report-rows';
import { csvStream, jsonArrayStream, reportBatches, reportExportBatches } from './report-streams';

const STAFF = ['admin', 'maintenanceHead'] as const;

// Fastify pipes a stream as it is, skipping the response serialiser; the typed reply only knows the documented body.
const sendStream = (reply: FastifyReply, stream: Readable) => reply.send(stream);

/** SPEC §7 Reports, staff only: a filtered page, every row (AllRides), and the CSV of the filtered rows. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole(...STAFF);

  app.get(
    '/api/reports/rides',
    { onRequest: guard, schema: { querystring: rideReportsQuerySchema, response: { 200: rideReportsAnswerSchema } } },
    async (request) => {
      const { page, pageSize, ...query } = request.query;
      const filter = rideReportFilterOf(query);
      const db = readModels(app);
      // Counted to the end of this page or the cap, whichever is further: enough for 'Page N of M+' and a Next button.
      const atMost = Math.max(REPORT_COUNT_CAP, page * pageSize);
      const [rows, count] = await Promise.all([rideReportsPage(db, filter, page, pageSize), countRideReports(db, filter, atMost)]);
      return { rideReports: rows.map(toRideReportServerRow), total: count.total, totalCapped: count.capped, page, pageSize };
    },
  );

  // Streamed: the rows are written batch by batch, so the schema below documents the answer but does not serialise it.
  app.get(
    '/api/reports/AllRides',
    { onRequest: guard, schema: { querystring: rideReportFiltersQuerySchema, response: { 200: allRidesAnswerSchema } } },
    async (request, reply) => {
      const batches = await reportBatches(readModels(app), rideReportFilterOf(request.query));
      return sendStream(reply.type('application/json; charset=utf-8'), jsonArrayStream(batches));
    },
  );

  app.get(
    '/api/reports/rides.csv',
    {
      onRequest: guard,
      schema: {
        querystring: rideReportFiltersQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe(rideReportsCsvFileName('yyyy-MM-dd')) },
      },
    },
    async (request, reply) => {
      const batches = await reportExportBatches(readModels(app), rideReportFilterOf(request.query));
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${rideReportsCsvFileName(plantDayOf(new Date()))}"`);
      return sendStream(reply, csvStream(batches));
    },
  );
};
