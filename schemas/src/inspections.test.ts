import { describe, expect, it } from 'vitest';
import { VEHICLE_TYPES } from './constants';
import {
  CHECKLIST_LIMITS,
  DEFAULT_CHECKLISTS,
  INSPECTION_MESSAGES,
  checklistBodySchema,
  checklistSchema,
  checklistStreamId,
  inspectionBodySchema,
  inspectionSettingsSchema,
  isSafeItemId,
  safeItemId,
} from './inspections';
import { checklistChangedSchema } from './events/inspection.events';
import { liftStoredEvent } from './events/upcast';

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('vehicle inspections (issue #21)', () => {
  it('given the default checklists, then every vehicle type has a valid one with at least one critical item', () => {
    for (const type of VEHICLE_TYPES) {
      expect(checklistSchema.safeParse({ items: DEFAULT_CHECKLISTS[type] }).success, type).toBe(true);
      expect(
        DEFAULT_CHECKLISTS[type].some((item) => item.critical),
        type,
      ).toBe(true);
    }
    expect(checklistStreamId('Cherry Picker')).toBe('checklist-cherry-picker');
  });

  it('given a checklist body, then new items may come without an id; empty, too long, too many or a repeated id are refused with our words', () => {
    expect(
      checklistBodySchema.safeParse({
        items: [
          { text: 'Brakes', critical: true },
          { id: 'horn', text: 'Horn', critical: false },
        ],
      }).success,
    ).toBe(true);
    expect(messagesOf(checklistBodySchema.safeParse({ items: [] }))).toEqual([INSPECTION_MESSAGES.checklistSize]);
    const many = Array.from({ length: CHECKLIST_LIMITS.items + 1 }, (_, i) => ({ text: `Item ${i}`, critical: false }));
    expect(messagesOf(checklistBodySchema.safeParse({ items: many }))).toEqual([INSPECTION_MESSAGES.checklistSize]);
    expect(messagesOf(checklistBodySchema.safeParse({ items: [{ text: ' ', critical: false }] }))).toEqual([INSPECTION_MESSAGES.itemText]);
    expect(messagesOf(checklistBodySchema.safeParse({ items: [{ text: 'x'.repeat(121), critical: false }] }))).toEqual([
      INSPECTION_MESSAGES.itemText,
    ]);
    expect(
      messagesOf(
        checklistBodySchema.safeParse({
          items: [
            { id: 'a', text: 'x', critical: false },
            { id: 'a', text: 'y', critical: true },
          ],
        }),
      ),
    ).toEqual([INSPECTION_MESSAGES.duplicateItemId]);
  });

  it('given an inspection, then a failed item needs a note', () => {
    expect(
      inspectionBodySchema.safeParse({
        items: [
          { id: 'brakes', ok: true },
          { id: 'horn', ok: false, note: 'quiet' },
        ],
      }).success,
    ).toBe(true);
    expect(messagesOf(inspectionBodySchema.safeParse({ items: [{ id: 'horn', ok: false }] }))).toEqual([INSPECTION_MESSAGES.noteRequired]);
    expect(messagesOf(inspectionBodySchema.safeParse({ items: [{ id: 'horn', ok: false, note: '  ' }] }))).toEqual([
      INSPECTION_MESSAGES.noteRequired,
    ]);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'given the item id %s (a property name of Object.prototype), when a checklist or an inspection names it, then it is refused with our words (issue #31 item 5)',
    (id) => {
      const checklist = messagesOf(checklistBodySchema.safeParse({ items: [{ id, text: 'Brakes', critical: true }] }));
      const inspection = messagesOf(inspectionBodySchema.safeParse({ items: [{ id, ok: true }] }));
      for (const messages of [checklist, inspection]) {
        expect(messages).toHaveLength(1);
        expect([INSPECTION_MESSAGES.itemId, INSPECTION_MESSAGES.reservedItemId]).toContain(messages[0]);
      }
      expect(isSafeItemId(id)).toBe(false);
    },
  );

  it('given ids outside the safe alphabet, when sent, then they are refused; the default ids and the server-made ones are safe', () => {
    for (const id of ['Brakes', 'brake_pads', '1st', 'a'.repeat(41), 'brakes ok']) {
      expect(messagesOf(checklistBodySchema.safeParse({ items: [{ id, text: 'Brakes', critical: true }] })), id).toEqual([
        INSPECTION_MESSAGES.itemId,
      ]);
    }
    expect(messagesOf(checklistBodySchema.safeParse({ items: [{ id: 'constructor', text: 'Brakes', critical: true }] }))).toEqual([
      INSPECTION_MESSAGES.reservedItemId,
    ]);
    for (const type of VEHICLE_TYPES)
      expect(
        DEFAULT_CHECKLISTS[type].every((item) => isSafeItemId(item.id)),
        type,
      ).toBe(true);
    expect(isSafeItemId('i-0a1b2c3d')).toBe(true);
    expect(isSafeItemId('a'.repeat(40))).toBe(true);
  });

  it('given a ChecklistChanged stored at version 1 with unsafe ids, when read, then each such id is a safe one, the same on every read, and safe ids stay', () => {
    const stored = {
      type: 'ChecklistChanged',
      schemaVersion: 1,
      globalPosition: 9,
      data: {
        vehicleType: 'AMR',
        items: [
          { id: 'constructor', text: 'Emergency stop', critical: true },
          { id: '__proto__', text: 'Bumpers', critical: true },
          { id: 'toString', text: 'Wheels', critical: false },
          { id: 'battery', text: 'Battery', critical: false },
        ],
      },
    };
    const read = liftStoredEvent(stored);
    const again = liftStoredEvent(stored);
    expect(read).toEqual(again);
    expect(checklistChangedSchema.safeParse(read).success).toBe(true);
    const ids = read.type === 'ChecklistChanged' ? read.data.items.map((item) => item.id) : [];
    expect(ids[3]).toBe('battery');
    expect(ids.slice(0, 3).every((id) => /^item-[a-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(4);
    expect(safeItemId('constructor')).toBe(ids[0]);
    // A version-2 event is written with safe ids only.
    expect(checklistChangedSchema.safeParse({ ...stored, data: { ...stored.data, items: stored.data.items.slice(0, 1) } }).success).toBe(
      false,
    );
  });

  it('given the settings, then only a boolean inspectionRequired is taken', () => {
    expect(inspectionSettingsSchema.safeParse({ inspectionRequired: true }).success).toBe(true);
    expect(messagesOf(inspectionSettingsSchema.safeParse({ inspectionRequired: 'yes' }))).toEqual([
      INSPECTION_MESSAGES.inspectionRequiredFlag,
    ]);
    expect(inspectionSettingsSchema.safeParse({ inspectionRequired: true, extra: 1 }).success).toBe(false);
  });
});
