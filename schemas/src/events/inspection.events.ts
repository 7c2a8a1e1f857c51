import { z } from 'zod';
import { vehicleTypeSchema } from '../constants';
import { inspectionSettingsSchema, isSafeItemId, recordedChecklistItemSchema } from '../inspections';
import { idSchema, isoDateTimeSchema } from '../primitives';
import { defineEvent } from './define-event';

/**
 * An admin replaced a vehicle type's checklist (stream `checklist-{vehicle type}`), whole. Version 2
 * (issue #31): every item id is safe (`isSafeItemId`); version 1's ids are made so when read.
 */
export const checklistChangedSchema = defineEvent('ChecklistChanged', {
  vehicleType: vehicleTypeSchema,
  items: z.array(recordedChecklistItemSchema.extend({ id: z.string().refine(isSafeItemId) })),
});

/** An admin turned the daily inspection requirement on or off (stream `inspections`). */
export const inspectionSettingsChangedSchema = z.object({ type: z.literal('InspectionSettingsChanged'), data: inspectionSettingsSchema });

/**
 * A driver inspected his vehicle (on his driver stream, so taking a ride sees it with no other read).
 * Each item keeps the text it was answered against; `passed` is false when a critical item failed.
 */
export const vehicleInspectedSchema = defineEvent('VehicleInspected', {
  inspectionId: idSchema,
  operatorId: idSchema,
  vehicleType: vehicleTypeSchema,
  vehicleNumber: z.string(),
  /** The plant day, yyyy-MM-dd. */
  day: z.string(),
  /** Issue #34: `photoIds`, a failed item's photos; absent when it has none (and on events stored before). */
  items: z.array(
    recordedChecklistItemSchema.extend({ ok: z.boolean(), note: z.string().nullable(), photoIds: z.array(idSchema).optional() }),
  ),
  passed: z.boolean(),
  inspectedAt: isoDateTimeSchema,
  /** The maintenance request a failed critical item filed in the same append; absent when none was filed (and on events stored before it was recorded). */
  maintenanceRequestId: idSchema.optional(),
});

/** Any event of a checklist stream or the `inspections` stream (VehicleInspected is a driver event). */
export const inspectionEventSchema = z.discriminatedUnion('type', [checklistChangedSchema, inspectionSettingsChangedSchema]);

export type ChecklistChanged = z.infer<typeof checklistChangedSchema>;
export type InspectionSettingsChanged = z.infer<typeof inspectionSettingsChangedSchema>;
export type VehicleInspected = z.infer<typeof vehicleInspectedSchema>;
export type InspectionEvent = z.infer<typeof inspectionEventSchema>;
export type InspectionEventType = InspectionEvent['type'];

export const INSPECTION_EVENT_SCHEMA_VERSIONS = { ChecklistChanged: 2, InspectionSettingsChanged: 1 } as const satisfies Record<
  InspectionEventType,
  number
>;
export const INSPECTION_EVENT_TYPES = Object.keys(INSPECTION_EVENT_SCHEMA_VERSIONS) as InspectionEventType[];
