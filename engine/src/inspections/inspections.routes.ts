import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_INSPECTION_SETTINGS,
  INSPECTIONS_STREAM_ID,
  INSPECTION_MESSAGES,
  VEHICLE_TYPES,
  checklistBodySchema,
  checklistSchema,
  checklistStreamId,
  errorAnswerSchema,
  inspectionBodySchema,
  inspectionResultSchema,
  inspectionSettingsSchema,
  type InspectionEvent,
  type InspectionSettings,
  type VehicleType,
} from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { handle } from '../commands/command-handler';
import { httpCommandContext } from '../commands/http-command';
import { createStreamCache, type StreamCache } from '../event-store/stream-cache';
import { toDomainEvent } from '../event-store/upcast';
import { requestIdFor } from '../maintenance/maintenance.decider';
import { inspectionHistoryRoutes } from './inspection-history.routes';
import {
  changeChecklist,
  changeInspectionSettings,
  checklistOf,
  derivedId,
  evolveChecklist,
  evolveInspectionSettings,
  inspectVehicle,
  type ChecklistState,
} from './inspection.decider';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether taking a ride needs today's passed inspection, in memory: accepting reads it without a statement. */
    inspectionSettings: StreamCache<InspectionSettings>;
  }
}

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 409: errorAnswerSchema };
const vehicleTypeParamsSchema = z.object({
  vehicleType: z
    .string()
    .refine((value): value is VehicleType => (VEHICLE_TYPES as readonly string[]).includes(value), INSPECTION_MESSAGES.unknownVehicleType),
});

const routes: FastifyPluginAsyncZod = async (app) => {
  const settings = await createStreamCache(app.database, app.eventStore, {
    streamId: INSPECTIONS_STREAM_ID,
    initial: DEFAULT_INSPECTION_SETTINGS,
    evolve: evolveInspectionSettings,
  });
  app.decorate('inspectionSettings', settings);
  app.addHook('onClose', () => settings.close());

  const checklistNow = async (vehicleType: VehicleType) => {
    const events = await app.eventStore.readStream(checklistStreamId(vehicleType));
    const state = events.reduce<ChecklistState>(
      (s, event) => evolveChecklist(s, toDomainEvent(event) as Extract<InspectionEvent, { type: 'ChecklistChanged' }>),
      null,
    );
    return { items: checklistOf(vehicleType, state) };
  };
  const typeOf = (params: { vehicleType: string }) => params.vehicleType as VehicleType;

  app.get(
    '/api/checklists/:vehicleType',
    { onRequest: app.requireRole(), schema: { params: vehicleTypeParamsSchema, response: { 200: checklistSchema, ...errors } } },
    async (request) => checklistNow(typeOf(request.params)),
  );

  app.put(
    '/api/checklists/:vehicleType',
    {
      onRequest: app.requireRole('admin'),
      schema: { params: vehicleTypeParamsSchema, body: checklistBodySchema, response: { 200: checklistSchema, ...errors } },
    },
    async (request) => {
      const vehicleType = typeOf(request.params);
      const context = httpCommandContext(request, currentUser(request));
      await handle(
        app.eventStore,
        changeChecklist,
        { type: 'ChangeChecklist', data: { vehicleType, items: request.body.items }, commandId: context.commandId },
        context,
      );
      return checklistNow(vehicleType);
    },
  );

  app.get(
    '/api/inspections/settings',
    { onRequest: app.requireRole(), schema: { response: { 200: inspectionSettingsSchema, ...errors } } },
    async () => settings.current(),
  );

  app.put(
    '/api/inspections/settings',
    {
      onRequest: app.requireRole('admin'),
      schema: { body: inspectionSettingsSchema, response: { 200: inspectionSettingsSchema, ...errors } },
    },
    async (request) => {
      await handle(
        app.eventStore,
        changeInspectionSettings,
        { type: 'ChangeInspectionSettings', data: request.body },
        httpCommandContext(request, currentUser(request)),
      );
      return settings.current();
    },
  );

  app.post(
    '/api/inspections',
    { onRequest: app.requireRole('driver'), schema: { body: inspectionBodySchema, response: { 200: inspectionResultSchema, ...errors } } },
    async (request) => {
      const user = currentUser(request);
      const context = httpCommandContext(request, user);
      const { items } = request.body;
      const command = {
        type: 'InspectVehicle' as const,
        data: { inspectionId: derivedId('I', context.commandId), operatorId: user.tokenNo, items },
        maintenanceRequestId: requestIdFor(context.commandId),
        photoOwners: await app.photos.owners(items.flatMap((item) => item.photoIds ?? [])),
      };
      const result = await handle(app.eventStore, inspectVehicle, command, context);
      // A repeat answers from the events first stored.
      const inspected = result.events.find((event) => event.type === 'VehicleInspected');
      const filed = result.events.find((event) => event.type === 'MaintenanceRequested');
      if (!inspected) throw new Error('an inspection appended no VehicleInspected');
      return {
        inspectionId: inspected.data.inspectionId,
        passed: inspected.data.passed,
        defects: inspected.data.items.filter((item) => !item.ok).map((item) => item.text),
        blocked: filed !== undefined,
        maintenanceRequestId: filed?.data.requestId ?? null,
        position: result.position,
      };
    },
  );

  await app.register(inspectionHistoryRoutes);
};

/** The daily vehicle inspection (issue #21): checklists per vehicle type, the plant's setting, and a driver's inspection. */
export const inspectionsRoutes = fp(routes, { name: 'inspections', dependencies: ['database', 'auth', 'photos'] });
