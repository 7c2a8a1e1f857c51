import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DRIVER_PRESENCE_STATES,
  errorAnswerSchema,
  presenceAnswerSchema,
  setBreakBodySchema,
  setShiftAnswerSchema,
  setShiftBodySchema,
  shiftAnswerSchema,
  type ShiftAnswer,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { setBreak, setShift } from './driver.decider';

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema };
const breakErrors = { ...errors, 409: errorAnswerSchema };
const order = (state: (typeof DRIVER_PRESENCE_STATES)[number]) => DRIVER_PRESENCE_STATES.indexOf(state);

/**
 * Drivers on shift (issue #20): a driver starts and ends his shift, and takes a break on it (issue #32
 * item 4); staff see who is free, busy, on break, blocked or off shift.
 */
export const shiftsRoutes: FastifyPluginAsyncZod<{ shiftMs: number }> = async (app, options) => {
  const { shiftMs } = options;
  const shiftOf = (operatorId: string): ShiftAnswer => {
    const presence = app.driverRoster.presence(new Date()).find((driver) => driver.operatorId === operatorId);
    return { on: presence?.shift != null, shift: presence?.shift ?? null, breakSince: presence?.breakSince ?? null };
  };

  app.get(
    '/api/drivers/shift',
    { onRequest: app.requireRole('driver'), schema: { response: { 200: shiftAnswerSchema, ...errors } } },
    async (request) => shiftOf(currentUser(request).tokenNo),
  );

  app.post(
    '/api/drivers/shift',
    { onRequest: app.requireRole('driver'), schema: { body: setShiftBodySchema, response: { 200: setShiftAnswerSchema, ...errors } } },
    async (request) => {
      const user = currentUser(request);
      const data = { operatorId: user.tokenNo, on: request.body.on, location: request.body.location ?? null };
      const result = await handle(
        app.eventStore,
        setShift,
        { type: 'SetShift', data, shiftMs, site: app.site.current() },
        httpCommandContext(request, user),
      );
      return { ...shiftOf(user.tokenNo), position: result.position };
    },
  );

  app.post(
    '/api/drivers/break',
    { onRequest: app.requireRole('driver'), schema: { body: setBreakBodySchema, response: { 200: setShiftAnswerSchema, ...breakErrors } } },
    async (request) => {
      const user = currentUser(request);
      const result = await handle(
        app.eventStore,
        setBreak,
        { type: 'SetBreak', data: { operatorId: user.tokenNo, on: request.body.on } },
        httpCommandContext(request, user),
      );
      return { ...shiftOf(user.tokenNo), position: result.position };
    },
  );

  app.get(
    '/api/drivers/presence',
    { onRequest: app.requireRole('admin', 'maintenanceHead'), schema: { response: { 200: presenceAnswerSchema, ...errors } } },
    async () => ({
      drivers: app.driverRoster
        .presence(new Date())
        .sort((a, b) => order(a.state) - order(b.state) || a.name.localeCompare(b.name) || a.operatorId.localeCompare(b.operatorId)),
    }),
  );
};
