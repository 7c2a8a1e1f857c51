import {
  CHECKLIST_LIMITS,
  INSPECTION_MESSAGES,
  checklistBodySchema,
  checklistItemSchema,
  type ChecklistBody,
  type ChecklistItem,
} from '@plantride/schemas';
import { translateMessage } from '../../i18n/translate-message';

/** An item being edited; `key` tells rows apart on screen, `id` is the engine's (none for a new item). */
export interface DraftItem {
  key: string;
  id?: string;
  text: string;
  critical: boolean;
}

let made = 0;
const newKey = () => `new-${(made += 1)}`;

export const draftOf = (items: readonly ChecklistItem[]): DraftItem[] =>
  items.map((item) => ({ key: item.id, id: item.id, text: item.text, critical: item.critical }));

export const addItem = (draft: readonly DraftItem[]): DraftItem[] => [...draft, { key: newKey(), text: '', critical: false }];

export const removeItem = (draft: readonly DraftItem[], key: string): DraftItem[] => draft.filter((item) => item.key !== key);

export const changeItem = (draft: readonly DraftItem[], key: string, patch: Partial<Pick<DraftItem, 'text' | 'critical'>>): DraftItem[] =>
  draft.map((item) => (item.key === key ? { ...item, ...patch } : item));

/** Moves an item one place up (-1) or down (+1); at either end it stays. */
export function moveItem(draft: readonly DraftItem[], key: string, by: -1 | 1): DraftItem[] {
  const from = draft.findIndex((item) => item.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= draft.length) return [...draft];
  const next = [...draft];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

export const isChanged = (draft: readonly DraftItem[], saved: readonly ChecklistItem[]): boolean =>
  draft.length !== saved.length ||
  draft.some((item, i) => item.id !== saved[i]?.id || item.text !== saved[i]?.text || item.critical !== saved[i]?.critical);

export interface ChecklistErrors {
  list?: string;
  /** By row key (an item's id for a saved one): a Map, so no id is ever read as a property of an object (issue #31). */
  items: ReadonlyMap<string, string>;
}

export const NO_ITEM_ERRORS: ReadonlyMap<string, string> = new Map();

/**
 * The body PUT /api/checklists/{vehicleType} takes, or what the engine would refuse: 1 to 30 items,
 * each text 1 to 120 characters with nothing invisible (the engine's own rule for an item's text). Its messages
 * are the engine's, in the language spoken now where the catalogue has them.
 */
export function checkChecklistDraft(draft: readonly DraftItem[]): { body: ChecklistBody } | { errors: ChecklistErrors } {
  const items = new Map<string, string>();
  for (const item of draft) {
    const text = checklistItemSchema.shape.text.safeParse(item.text);
    if (!text.success) items.set(item.key, translateMessage(text.error.issues[0]?.message ?? INSPECTION_MESSAGES.itemText));
  }
  const list = draft.length < 1 || draft.length > CHECKLIST_LIMITS.items ? translateMessage(INSPECTION_MESSAGES.checklistSize) : undefined;
  if (list || items.size > 0) return { errors: list ? { list, items } : { items } };
  const parsed = checklistBodySchema.safeParse({
    items: draft.map((item) =>
      item.id ? { id: item.id, text: item.text.trim(), critical: item.critical } : { text: item.text.trim(), critical: item.critical },
    ),
  });
  return parsed.success
    ? { body: parsed.data }
    : { errors: { list: translateMessage(parsed.error.issues[0]?.message ?? INSPECTION_MESSAGES.checklistSize), items: NO_ITEM_ERRORS } };
}
