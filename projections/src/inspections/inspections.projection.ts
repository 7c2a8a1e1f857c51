import type { VehicleInspected } from '@plantride/schemas';
import { insertRowsIfAbsent } from '../batch-writes';
import { batchProjection } from '../projection';
import type { ReadModels } from '../read-models';
import { instantText } from '../timestamp';
import { inspectionsMigrations } from './inspections.migrations';

const rowOf = ({ data }: VehicleInspected) => ({
  inspection_id: data.inspectionId,
  operator_id: data.operatorId,
  vehicle_type: data.vehicleType,
  vehicle_number: data.vehicleNumber,
  day: data.day,
  passed: data.passed,
  items: JSON.stringify(data.items),
  inspected_at: instantText(data.inspectedAt),
  maintenance_request_id: data.maintenanceRequestId ?? null,
});

/**
 * Every vehicle inspection, one row each (issue #21). An inspection is a fact never changed after,
 * so a row is written once: a second delivery finds it there and does nothing. The driver's name is
 * not kept: the list names him as his record does now, as the maintenance list does.
 */
export const inspectionsProjection = batchProjection<ReadModels>({
  name: 'inspections',
  handles: ['VehicleInspected'],
  migrations: inspectionsMigrations,
  async applyBatch(events, db) {
    const rows = events.flatMap(({ event }) => (event.type === 'VehicleInspected' ? [rowOf(event)] : []));
    await insertRowsIfAbsent(db, 'inspections', rows);
  },
});
