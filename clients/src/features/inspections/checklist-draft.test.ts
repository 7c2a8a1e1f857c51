import { describe, expect, it } from 'vitest';
import { CHECKLIST_LIMITS, DEFAULT_CHECKLISTS, INSPECTION_MESSAGES, invisibleCharactersMessage } from '@plantride/schemas';
import { addItem, changeItem, checkChecklistDraft, draftOf, isChanged, moveItem, removeItem } from './checklist-draft';

const saved = DEFAULT_CHECKLISTS.AMR;

describe("the admin's checklist editor (issue #21)", () => {
  it("given the engine's checklist, when saved unchanged, then it is not changed and goes back item for item with its ids", () => {
    const draft = draftOf(saved);
    expect(isChanged(draft, saved)).toBe(false);
    expect(checkChecklistDraft(draft)).toEqual({ body: { items: saved } });
  });

  it('given a new item typed in and marked critical, when checked, then it goes last without an id', () => {
    let draft = addItem(draftOf(saved));
    const added = draft.at(-1)!;
    draft = changeItem(draft, added.key, { text: '  Tow bar pin in place ', critical: true });
    expect(isChanged(draft, saved)).toBe(true);
    const checked = checkChecklistDraft(draft);
    expect('body' in checked && checked.body.items.at(-1)).toEqual({ text: 'Tow bar pin in place', critical: true });
  });

  it('given an item moved up and another removed, when checked, then the order is the new one and the removed one is gone', () => {
    let draft = draftOf(saved);
    draft = moveItem(draft, saved[1]!.id, -1);
    draft = removeItem(draft, saved[2]!.id);
    const checked = checkChecklistDraft(draft);
    expect('body' in checked && checked.body.items.map((item) => item.id)).toEqual([
      saved[1]!.id,
      saved[0]!.id,
      ...saved.slice(3).map((item) => item.id),
    ]);
  });

  it('given the first item moved up or the last moved down, when moved, then nothing changes', () => {
    const draft = draftOf(saved);
    expect(moveItem(draft, saved[0]!.id, -1)).toEqual(draft);
    expect(moveItem(draft, saved.at(-1)!.id, 1)).toEqual(draft);
  });

  it('given a blank item and one too long, when checked, then each says what the text takes and nothing is sent', () => {
    let draft = addItem(draftOf(saved));
    const blank = draft.at(-1)!.key;
    draft = changeItem(draft, saved[0]!.id, { text: 'x'.repeat(CHECKLIST_LIMITS.text + 1) });
    expect(checkChecklistDraft(draft)).toEqual({
      errors: {
        items: new Map([
          [saved[0]!.id, INSPECTION_MESSAGES.itemText],
          [blank, INSPECTION_MESSAGES.itemText],
        ]),
      },
    });
  });

  it("given an item text holding a zero-width space, when checked, then that item says so in the engine's words and nothing is sent (issue #31)", () => {
    const draft = changeItem(draftOf(saved), saved[1]!.id, { text: 'Horn\u200B sounds' });
    expect(checkChecklistDraft(draft)).toEqual({
      errors: { items: new Map([[saved[1]!.id, invisibleCharactersMessage('Item text')]]) },
    });
  });

  it('given every item removed, or more than the limit, when checked, then the list size is refused', () => {
    expect(checkChecklistDraft([])).toEqual({ errors: { list: INSPECTION_MESSAGES.checklistSize, items: new Map() } });
    let draft = draftOf(saved);
    while (draft.length <= CHECKLIST_LIMITS.items) draft = addItem(draft).map((item) => (item.text ? item : { ...item, text: 'Check' }));
    expect(checkChecklistDraft(draft)).toMatchObject({ errors: { list: INSPECTION_MESSAGES.checklistSize } });
  });
});
