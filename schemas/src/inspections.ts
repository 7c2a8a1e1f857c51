import { z } from 'zod';
import { VEHICLE_TYPES, type VehicleType } from './constants';
import { wordedMessage } from './api/text-fields';
import { humanText } from './human-text';
import { photoIdsInput } from './api/photos.api';

/*
 * The driver's daily vehicle inspection (issue #21; the spec has none). Admins keep one checklist per
 * vehicle type; a driver answers every item once a plant day. While the plant's `inspectionRequired`
 * is on, a driver takes no ride before today's inspection has passed.
 */

export const CHECKLIST_LIMITS = { items: 30, text: 120, note: 500, id: 40 } as const;

/** Our own refusals (the spec has no inspection); the accept gate's text is the issue's, word for word. */
export const INSPECTION_MESSAGES = {
  inspectionRequired: wordedMessage("Complete today's vehicle inspection before accepting rides."),
  noteRequired: wordedMessage('Add a note to each failed item.'),
  unknownItem: wordedMessage("An answered item is not on your vehicle's checklist. Reload the checklist and try again."),
  answerEveryItem: wordedMessage('Answer every item of the checklist, each once.'),
  unknownVehicleType: wordedMessage(`Unknown vehicle type. Choose ${VEHICLE_TYPES.join(', ')}.`),
  noVehicleType: wordedMessage('Your driver record has no vehicle type; ask the admin to set one.'),
  blockedCannotInspect: wordedMessage('Your vehicle is under maintenance; inspect it again once the maintenance is done.'),
  midRideCannotInspect: wordedMessage('Finish your ride in progress before inspecting your vehicle.'),
  checklistSize: wordedMessage(`A checklist has 1 to ${CHECKLIST_LIMITS.items} items.`),
  itemText: wordedMessage(`Each item's text is 1 to ${CHECKLIST_LIMITS.text} characters.`),
  duplicateItemId: wordedMessage('Each item id may appear once in a checklist.'),
  inspectionRequiredFlag: wordedMessage('inspectionRequired must be true or false.'),
  itemId: wordedMessage(
    `An item id is a lower-case letter, then up to ${CHECKLIST_LIMITS.id - 1} lower-case letters, digits or dashes; leave it out for a new item.`,
  ),
  reservedItemId: wordedMessage('This item id is a reserved word; leave the id out and the server makes one.'),
} as const;

/*
 * Item ids key the driver's answers (issue #31 item 5: `constructor`, `__proto__` and `toString` were
 * accepted, and a form keying answers in a plain object counted `constructor` as answered). An id is
 * the server's (`i-…`) or from a safe alphabet, and never a property name of `Object.prototype`.
 */
const ITEM_ID = new RegExp(`^[a-z][a-z0-9-]{0,${CHECKLIST_LIMITS.id - 1}}$`);
const RESERVED_IDS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Whether `id` may be a checklist item's id: the safe alphabet, and no property name of `Object.prototype`. */
export const isSafeItemId = (id: string): boolean => ITEM_ID.test(id) && !RESERVED_IDS.has(id);

const itemIdSchema = z
  .string({ error: INSPECTION_MESSAGES.itemId })
  .trim()
  .regex(ITEM_ID, { error: INSPECTION_MESSAGES.itemId, abort: true })
  .refine((id) => !RESERVED_IDS.has(id), INSPECTION_MESSAGES.reservedItemId);
const itemTextSchema = humanText({ label: 'Item text', typeMessage: INSPECTION_MESSAGES.itemText })
  .min(1, INSPECTION_MESSAGES.itemText)
  .max(CHECKLIST_LIMITS.text, INSPECTION_MESSAGES.itemText);

/** One item of a vehicle type's checklist as an admin sends it; a failed critical item takes the vehicle out of service. */
export const checklistItemSchema = z.object({ id: itemIdSchema, text: itemTextSchema, critical: z.boolean() });
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/**
 * A checklist item as the store holds it: events are facts already accepted, so a text stored before
 * the rules above is read as it is (ChecklistChanged@1's ids are made safe when read: see upcast.ts).
 */
export const recordedChecklistItemSchema = z.object({ id: z.string().min(1), text: z.string(), critical: z.boolean() });

/** A stored item id made safe (see {@link isSafeItemId}): kept when it is, else `item-` and a hash of it, the same on every read. */
export function safeItemId(id: string): string {
  if (isSafeItemId(id)) return id;
  // FNV-1a, 32 bits: short, stable, and enough to tell at most 30 ids apart.
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return `item-${hash.toString(36)}`;
}

const uniqueIds = (items: readonly { id?: string | undefined }[]) => {
  const ids = items.flatMap((item) => (item.id ? [item.id] : []));
  return new Set(ids).size === ids.length;
};
const itemsOf = <T extends z.ZodType<{ id?: string | undefined }>>(item: T) =>
  z
    .array(item, { error: INSPECTION_MESSAGES.checklistSize })
    .min(1, INSPECTION_MESSAGES.checklistSize)
    .max(CHECKLIST_LIMITS.items, INSPECTION_MESSAGES.checklistSize)
    .refine(uniqueIds, INSPECTION_MESSAGES.duplicateItemId);

/** GET /api/checklists/{vehicleType}, and PUT's answer: the checklist as it stands (a text stored before issue #31 as it is). */
export const checklistSchema = z.object({ items: itemsOf(recordedChecklistItemSchema) });
export type Checklist = z.infer<typeof checklistSchema>;

/** PUT /api/checklists/{vehicleType} (admin): the whole list; an item without an id is new and gets one. */
export const checklistBodySchema = z.object({ items: itemsOf(checklistItemSchema.extend({ id: itemIdSchema.optional() })) });
export type ChecklistBody = z.infer<typeof checklistBodySchema>;

/** GET and PUT /api/inspections/settings. Off by default: the spec's flows take rides with no inspection. */
export const inspectionSettingsSchema = z
  .object({ inspectionRequired: z.boolean({ error: INSPECTION_MESSAGES.inspectionRequiredFlag }) })
  .strict();
export type InspectionSettings = z.infer<typeof inspectionSettingsSchema>;
export const DEFAULT_INSPECTION_SETTINGS: InspectionSettings = { inspectionRequired: false };

/** The stream of the plant's inspection setting. */
export const INSPECTIONS_STREAM_ID = 'inspections';

/** A vehicle type's checklist stream (`checklist-forklift`, `checklist-cherry-picker`). */
export const checklistStreamId = (vehicleType: VehicleType): string => `checklist-${vehicleType.toLowerCase().replace(/\s+/g, '-')}`;

/** One answer of the driver's inspection: a failed item (ok false) needs a note. */
export const inspectionAnswerItemSchema = z.object({
  id: itemIdSchema,
  ok: z.boolean(),
  note: z.string().trim().max(CHECKLIST_LIMITS.note).nullish(),
  /** Issue #34: a failed item's photos (PUT /api/photos/{id}), at most 3. */
  photoIds: photoIdsInput.optional(),
});
export type InspectionAnswerItem = z.infer<typeof inspectionAnswerItemSchema>;

/** Whether every failed answer says what is wrong. */
export const failedItemsHaveNotes = (items: readonly Pick<InspectionAnswerItem, 'ok' | 'note'>[]): boolean =>
  items.every((item) => item.ok || Boolean(item.note?.trim()));

/** POST /api/inspections (driver): every item of his vehicle type's checklist answered once. */
export const inspectionBodySchema = z.object({
  items: z
    .array(inspectionAnswerItemSchema, { error: INSPECTION_MESSAGES.answerEveryItem })
    .min(1, INSPECTION_MESSAGES.answerEveryItem)
    .max(CHECKLIST_LIMITS.items, INSPECTION_MESSAGES.answerEveryItem)
    .refine(failedItemsHaveNotes, INSPECTION_MESSAGES.noteRequired),
});
export type InspectionBody = z.infer<typeof inspectionBodySchema>;

/** POST /api/inspections' answer: `defects` are the failed items' texts; a failed critical item blocks him and files a request. */
export const inspectionResultSchema = z.object({
  inspectionId: z.string(),
  passed: z.boolean(),
  defects: z.array(z.string()),
  blocked: z.boolean(),
  maintenanceRequestId: z.string().nullable(),
  position: z.number(),
});
export type InspectionResult = z.infer<typeof inspectionResultSchema>;

const item = (id: string, text: string, critical: boolean): ChecklistItem => ({ id, text, critical });
const COMMON = {
  brakes: item('brakes', 'Brakes work and hold', true),
  horn: item('horn', 'Horn sounds', true),
  lights: item('lights', 'Lights and beacon work', false),
  tyres: item('tyres', 'Tyres or wheels undamaged', false),
  estop: item('emergency-stop', 'Emergency stop works', true),
  leaks: item('leaks', 'No fluid leaks under the vehicle', false),
};

/** What a vehicle type's checklist is until an admin changes it. */
export const DEFAULT_CHECKLISTS: Record<VehicleType, ChecklistItem[]> = {
  Forklift: [
    COMMON.brakes,
    COMMON.horn,
    COMMON.lights,
    item('forks-chains', 'Forks, mast and chains undamaged', true),
    item('hydraulics', 'Hydraulics lift, lower and tilt smoothly', true),
    item('battery', 'Battery charged or fuel sufficient', false),
    COMMON.tyres,
    item('seat-belt', 'Seat belt fastens', true),
    COMMON.leaks,
  ],
  Crane: [
    COMMON.brakes,
    COMMON.horn,
    COMMON.lights,
    item('hook-ropes', 'Hook, latch and wire ropes undamaged', true),
    item('limit-switches', 'Hoist limit switches stop the hook', true),
    item('hydraulics', 'Hydraulics and outriggers work', true),
    COMMON.estop,
    COMMON.tyres,
    COMMON.leaks,
  ],
  AMR: [
    COMMON.estop,
    item('battery', 'Battery charged', false),
    item('safety-scanners', 'Safety scanners clean and stop the robot', true),
    item('bumpers', 'Bumpers undamaged', true),
    item('warning-lights', 'Warning lights and sounder work', false),
    item('wheels', 'Wheels free of debris', false),
    item('load-deck', 'Load deck or tow hitch secure', false),
  ],
  'Cherry Picker': [
    COMMON.brakes,
    COMMON.horn,
    COMMON.lights,
    item('platform-controls', 'Platform and ground controls work', true),
    item('harness-anchor', 'Harness anchor points and guardrails secure', true),
    item('hydraulics', 'Boom hydraulics raise and lower smoothly', true),
    COMMON.estop,
    item('battery', 'Battery charged or fuel sufficient', false),
    COMMON.tyres,
    COMMON.leaks,
  ],
};
