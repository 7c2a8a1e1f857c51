import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERVER_MESSAGES,
  TOTAL_COUNT_HEADER,
  blockedDriversAnswerSchema,
  driverListQuerySchema,
  driverStatusAnswerSchema,
  errorAnswerSchema,
  getDriversPageAnswerSchema,
  getSpecificDriverAnswerSchema,
  tokenNoParamsSchema,
} from '@plantride/schemas';
import { blockedDriversPage, findDriver, listDriversPage } from '@plantride/projections';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../auth/auth.plugin';
import { forbidden, notFound } from '../commands/errors';
import { isStaff, readModels } from '../rides/ride-access';
import { isActiveFlag, toDashboardDriver, toDriverListRow } from './driver-rows';

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema };

/**
 * The operator id a driver read is about, when the caller may read it: the driver himself (a driver
 * account: an account waiting for approval on a driver's number does not read his record), or staff.
 */
function ownOrStaff(request: FastifyRequest, tokenNo: string): string {
  const user = currentUser(request);
  const operatorId = tokenNo.toUpperCase();
  if (!(operatorId === user.tokenNo && user.role === 'driver') && !isStaff(user)) throw forbidden();
  return operatorId;
}

/** The driver reads of SPEC §7 "Drivers", from the drivers read model (`?position=` waits for a write). */
export const driverReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/drivers/status/:tokenNo',
    { onRequest: app.requireRole(), schema: { params: tokenNoParamsSchema, response: { 200: driverStatusAnswerSchema, ...errors } } },
    async (request) => {
      const driver = await findDriver(readModels(app), ownOrStaff(request, request.params.tokenNo));
      if (!driver) throw notFound(SERVER_MESSAGES.driverNotFound);
      return { isActive: isActiveFlag(driver) };
    },
  );

  app.get(
    '/api/drivers/getSpecificDriver/:tokenNo',
    { onRequest: app.requireRole(), schema: { params: tokenNoParamsSchema, response: { 200: getSpecificDriverAnswerSchema, ...errors } } },
    async (request) => {
      const driver = await findDriver(readModels(app), ownOrStaff(request, request.params.tokenNo));
      return { driver: driver ? [toDashboardDriver(driver, new Date())] : [] };
    },
  );

  app.get(
    '/api/drivers/getDrivers',
    {
      onRequest: app.requireRole('admin', 'maintenanceHead'),
      schema: { querystring: driverListQuerySchema, response: { 200: getDriversPageAnswerSchema, ...errors } },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { rows, total } = await listDriversPage(readModels(app), { limit, offset });
      const now = new Date();
      return { drivers: rows.map((row) => toDriverListRow(row, now)), total, limit, offset };
    },
  );

  app.get(
    '/api/drivers/blocked',
    {
      onRequest: app.requireRole('admin', 'maintenanceHead'),
      schema: { querystring: driverListQuerySchema, response: { 200: blockedDriversAnswerSchema, ...errors } },
    },
    async (request, reply) => {
      // The spec's answer is a bare list: its total goes in a header.
      const { rows, total } = await blockedDriversPage(readModels(app), request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return rows.map((driver) => ({ id: driver.operator_id }));
    },
  );
};
