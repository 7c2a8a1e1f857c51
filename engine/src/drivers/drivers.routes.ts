import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  SERVER_MESSAGES,
  addDriverAnswerSchema,
  addDriverBodySchema,
  commandAnswerSchema,
  driverStreamId,
  errorAnswerSchema,
  toggleAccessBodySchema,
  updateDriverAnswerSchema,
  updateDriverBodySchema,
  type DriverRecord,
} from '@plantride/schemas';
import { nextDriverSerial } from '@plantride/projections';
import { currentUser } from '../auth/auth.plugin';
import { handleCommand, type CommandContext } from '../commands/command-handler';
import { DomainError } from '../commands/errors';
import { httpCommandContext } from '../commands/http-command';
import { ConcurrencyError } from '../event-store/event-store';
import { readModels } from '../rides/ride-access';
import { driverDecider } from './driver.decider';
import { grantDriverRole } from './driver-role';
import { driverReadRoutes } from './driver-reads.routes';

// Our own texts: the spec shows the add and toggle answers' fields, not their wording.

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 409: errorAnswerSchema };
/** The spec's add screen reads `operatorId` on an error too. */
const addErrorSchema = errorAnswerSchema.extend({ operatorId: z.string().optional() });

/** The record's fields an admin sets; serial and creation time are the engine's. */
function recordOf({ serial: _serial, createdAt: _createdAt, ...record }: DriverRecord) {
  return record;
}

// Serials are shown to people as DRIVERID; a race between two adds can hand out one twice, never lose a record.
async function nextSerial(app: FastifyInstance): Promise<number> {
  await app.projections.caughtUp();
  return nextDriverSerial(readModels(app));
}

/** The role change follows the record; the answer's position covers both, so a read after it sees both. */
async function withDriverRole(app: FastifyInstance, record: ReturnType<typeof recordOf>, position: number, context: CommandContext): Promise<number> {
  const rolePosition = await grantDriverRole(app.eventStore, record.operatorId, record.vehicleAssigned, context);
  return Math.max(position, rolePosition ?? 0);
}

/** Driver administration of SPEC §7 "Drivers": add, update and toggle-access (admin), and the driver reads. */
export const driversRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/drivers/add',
    { onRequest: app.requireRole('admin'), schema: { body: addDriverBodySchema, response: { 200: addDriverAnswerSchema, ...errors, 409: addErrorSchema } } },
    async (request, reply) => {
      const record = recordOf(request.body);
      const context = httpCommandContext(request, currentUser(request));
      let position: number;
      try {
        ({ position } = await handleCommand(app.eventStore, driverStreamId(record.operatorId), driverDecider, { type: 'AddDriver', data: record, serial: await nextSerial(app) }, context));
      } catch (error) {
        // Two admins adding one operator id at once: the loser is told it exists, like a plain duplicate.
        const duplicate = error instanceof ConcurrencyError || (error instanceof DomainError && error.status === 409);
        if (!duplicate) throw error;
        return reply.status(409).send({ message: SERVER_MESSAGES.driverAlreadyExists, operatorId: record.operatorId });
      }
      return { message: SERVER_MESSAGES.driverAdded, operatorId: record.operatorId, position: await withDriverRole(app, record, position, context) };
    },
  );

  app.put(
    '/api/drivers/update',
    { onRequest: app.requireRole('admin'), schema: { body: updateDriverBodySchema, response: { 200: updateDriverAnswerSchema, ...errors } } },
    async (request) => {
      const record = recordOf(request.body);
      const context = httpCommandContext(request, currentUser(request));
      const result = await handleCommand(app.eventStore, driverStreamId(record.operatorId), driverDecider, { type: 'UpdateDriver', data: record }, context);
      return { message: MESSAGES.driverUpdated, position: await withDriverRole(app, record, result.position, context) };
    },
  );

  app.put(
    '/api/drivers/toggle-access',
    { onRequest: app.requireRole('admin'), schema: { body: toggleAccessBodySchema, response: { 200: commandAnswerSchema, ...errors } } },
    async (request) => {
      const operatorId = request.body.driverId.toUpperCase();
      const command = { type: 'ToggleDriverAccess' as const, data: { operatorId, active: request.body.active } };
      const result = await handleCommand(app.eventStore, driverStreamId(operatorId), driverDecider, command, httpCommandContext(request, currentUser(request)));
      // Access already as asked: nothing appended, and the current head covers what the admin sees.
      return { message: SERVER_MESSAGES.driverAccessChanged, position: result.events.length > 0 ? result.position : await app.eventStore.headPosition() };
    },
  );

  await app.register(driverReadRoutes);
};
