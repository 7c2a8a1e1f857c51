import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERVER_MESSAGES,
  blockedDriversAnswerSchema,
  driverStatusAnswerSchema,
  errorAnswerSchema,
  getDriversAnswerSchema,
  getSpecificDriverAnswerSchema,
  tokenNoParamsSchema,
} from '@plantride/schemas';
import { blockedDrivers, findDriver, listDrivers } from '@plantride/projections';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../auth/auth.plugin';
import { forbidden, notFound } from '../commands/errors';
import { isStaff, readModels } from '../rides/ride-access';
import { isActiveFlag, toDashboardDriver, toDriverListRow } from './driver-rows';

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema };

/** The operator id a driver read is about, when the caller may read it: the driver himself, or staff. */
function ownOrStaff(request: FastifyRequest, tokenNo: string): string {
  const user = currentUser(request);
  const operatorId = tokenNo.toUpperCase();
  if (operatorId !== user.tokenNo && !isStaff(user)) throw forbidden();
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
      return { driver: driver ? [toDashboardDriver(driver)] : [] };
    },
  );

  app.get(
    '/api/drivers/getDrivers',
    { onRequest: app.requireRole('admin', 'maintenanceHead'), schema: { response: { 200: getDriversAnswerSchema, ...errors } } },
    async () => ({ drivers: (await listDrivers(readModels(app))).map(toDriverListRow) }),
  );

  app.get(
    '/api/drivers/blocked',
    { onRequest: app.requireRole('admin', 'maintenanceHead'), schema: { response: { 200: blockedDriversAnswerSchema, ...errors } } },
    async () => (await blockedDrivers(readModels(app))).map((driver) => ({ id: driver.operator_id })),
  );
};
