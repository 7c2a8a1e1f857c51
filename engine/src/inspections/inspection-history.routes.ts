import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswerSchema,
  inspectionListAnswerSchema,
  inspectionListQuerySchema,
  type InspectionRow,
  type VehicleType,
} from '@plantride/schemas';
import { defectsOf, listInspectionsPage, type InspectionListing } from '@plantride/projections';
import { readModels } from '../rides/ride-access';

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema };

/** The read model keeps what the event said; the cast restores the vehicle type it had. */
export const toInspectionRow = (row: InspectionListing): InspectionRow => ({
  inspectionId: row.inspection_id,
  operatorId: row.operator_id,
  driverName: row.driver_name,
  vehicleType: row.vehicle_type as VehicleType,
  vehicleNumber: row.vehicle_number,
  day: row.day,
  passed: row.passed,
  defects: defectsOf(row),
  items: row.items,
  inspectedAt: new Date(row.inspected_at).toISOString(),
  maintenanceRequestId: row.maintenance_request_id,
});

/** GET /api/inspections (issue #21): staff read every driver's inspections and their defects, from the inspections read model (`?position=` waits for a write). */
export const inspectionHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/inspections',
    // Before validation, as the other staff reads: who may not look learns nothing of the query's rules.
    {
      onRequest: app.requireRole('admin', 'maintenanceHead'),
      schema: { querystring: inspectionListQuerySchema, response: { 200: inspectionListAnswerSchema, ...errors } },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      const { rows, total } = await listInspectionsPage(readModels(app), filter, { limit, offset });
      return { inspections: rows.map(toInspectionRow), total, limit, offset };
    },
  );
};
