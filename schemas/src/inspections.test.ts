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
} from './inspections';

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

  it('given the settings, then only a boolean inspectionRequired is taken', () => {
    expect(inspectionSettingsSchema.safeParse({ inspectionRequired: true }).success).toBe(true);
    expect(messagesOf(inspectionSettingsSchema.safeParse({ inspectionRequired: 'yes' }))).toEqual([
      INSPECTION_MESSAGES.inspectionRequiredFlag,
    ]);
    expect(inspectionSettingsSchema.safeParse({ inspectionRequired: true, extra: 1 }).success).toBe(false);
  });
});
