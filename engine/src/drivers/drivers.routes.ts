import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  SERVER_MESSAGES,
  addDriverAnswerSchema,
  addDriverBodySchema,
  commandAnswerSchema,
  errorAnswerSchema,
  toggleAccessBodySchema,
  updateDriverAnswerSchema,
  updateDriverBodySchema,
  type DriverRecord,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle, type CommandResult } from '../commands/command-handler';
import { DEFAULT_ACCESS_CODE_TTL_MS, hashAccessCode, issuedCodeAnswer, newAccessCode } from '../auth/access-code';
import { DomainError } from '../commands/errors';
import { httpCommandContext } from '../commands/http-command';
import { toggleDriverAccess, updateDriver } from './driver.decider';
import { addDriverInTurn } from './driver-serials';
import { driverReadRoutes } from './driver-reads.routes';
import { driverRegistrationRoutes } from './registrations.routes';
import { shiftsRoutes } from './shifts.routes';

// Our own texts: the spec shows the add and toggle answers' fields, not their wording.

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 409: errorAnswerSchema };
/** The spec's add screen reads `operatorId` on an error too. */
const addErrorSchema = errorAnswerSchema.extend({ operatorId: z.string().optional() });

/** The record's fields an admin sets; serial and creation time are the engine's. */
function recordOf({ serial: _serial, createdAt: _createdAt, ...record }: DriverRecord) {
  return record;
}

/** Driver administration of SPEC §7 "Drivers": add, update and toggle-access (admin), the driver reads, and pending driver registrations. */
export const driversRoutes: FastifyPluginAsyncZod<{ accessCodeTtlMs?: number; shiftMs: number }> = async (app, options) => {
  const ttlMs = options.accessCodeTtlMs ?? DEFAULT_ACCESS_CODE_TTL_MS;
  app.post(
    '/api/drivers/add',
    {
      onRequest: app.requireRole('admin'),
      schema: { body: addDriverBodySchema, response: { 200: addDriverAnswerSchema, ...errors, 409: addErrorSchema } },
    },
    async (request, reply) => {
      const record = recordOf(request.body);
      const context = httpCommandContext(request, currentUser(request));
      // The driver's activation code: shown to the admin once, in this answer; the store keeps its hash.
      const code = newAccessCode();
      const activation = { codeHash: hashAccessCode(record.operatorId, code), ttlMs };
      let result: CommandResult;
      try {
        result = await addDriverInTurn(app.eventStore, { type: 'AddDriver', data: record, activation }, context);
      } catch (error) {
        // The spec's add screen reads the operator id beside the message.
        if (!(error instanceof DomainError && error.status === 409)) throw error;
        return reply.status(409).send({ message: error.message, operatorId: record.operatorId });
      }
      const { activationCode, expiresAt } = issuedCodeAnswer(result, code);
      return {
        message: SERVER_MESSAGES.driverAdded,
        operatorId: record.operatorId,
        activationCode,
        activationCodeExpiresAt: expiresAt,
        position: result.position,
      };
    },
  );

  app.put(
    '/api/drivers/update',
    {
      onRequest: app.requireRole('admin'),
      schema: { body: updateDriverBodySchema, response: { 200: updateDriverAnswerSchema, ...errors } },
    },
    async (request) => {
      const result = await handle(
        app.eventStore,
        updateDriver,
        { type: 'UpdateDriver', data: recordOf(request.body) },
        httpCommandContext(request, currentUser(request)),
      );
      return { message: MESSAGES.driverUpdated, position: result.position };
    },
  );

  app.put(
    '/api/drivers/toggle-access',
    { onRequest: app.requireRole('admin'), schema: { body: toggleAccessBodySchema, response: { 200: commandAnswerSchema, ...errors } } },
    async (request) => {
      const operatorId = request.body.driverId.toUpperCase();
      const command = { type: 'ToggleDriverAccess' as const, data: { operatorId, active: request.body.active } };
      const result = await handle(app.eventStore, toggleDriverAccess, command, httpCommandContext(request, currentUser(request)));
      return { message: SERVER_MESSAGES.driverAccessChanged, position: result.position };
    },
  );

  await app.register(driverReadRoutes);
  await app.register(driverRegistrationRoutes);
  await app.register(shiftsRoutes, { shiftMs: options.shiftMs });
};
