import {
  CHECKLIST_LIMITS,
  INSPECTION_MESSAGES,
  failedItemsHaveNotes,
  inspectionBodySchema,
  type ChecklistItem,
  type InspectionBody,
  type InspectionResult,
} from '@plantride/schemas';
import { PHOTO_TEXT, notYetUploaded, reportPhotoIds, type PickedPhoto } from '../../components/photos/picked-photos';

/** One item as the driver answers it: not yet (null), OK, or a fault with what is wrong (and, issue #34, its photos). */
export interface Answer {
  ok: boolean | null;
  note: string;
  photos?: readonly PickedPhoto[];
}
/**
 * His answers by item id. A Map, not an object: an id is only ever a key here, so one that names a
 * property of `Object.prototype` (`constructor`) can never read as answered (issue #31 item 5).
 */
export type Answers = ReadonlyMap<string, Answer>;

export const NO_ANSWERS: Answers = new Map();

export const NOTE_TOO_LONG = `A note is at most ${CHECKLIST_LIMITS.note} characters.`;

const blank: Answer = { ok: null, note: '' };
export const answerOf = (answers: Answers, id: string): Answer => answers.get(id) ?? blank;

/** His answers with this item's set. */
export const withAnswer = (answers: Answers, id: string, answer: Answer): Answers => new Map(answers).set(id, answer);

export const answeredCount = (items: readonly Pick<ChecklistItem, 'id'>[], answers: Answers): number =>
  items.filter((item) => answerOf(answers, item.id).ok !== null).length;

/** The failed items' own message: no note, or one too long for the engine. */
export function noteErrorOf(answer: Answer): string | null {
  if (answer.ok !== false) return null;
  if (!failedItemsHaveNotes([{ ok: false, note: answer.note }])) return INSPECTION_MESSAGES.noteRequired;
  if (answer.note.trim().length > CHECKLIST_LIMITS.note) return NOTE_TOO_LONG;
  return null;
}

export type CheckedInspection = { body: InspectionBody } | { error: string; noteErrors: ReadonlyMap<string, string> };

/** The body POST /api/inspections takes, by the engine's rules: every item once, a note on each fault. */
export function checkInspection(items: readonly Pick<ChecklistItem, 'id'>[], answers: Answers): CheckedInspection {
  if (answeredCount(items, answers) < items.length) return { error: INSPECTION_MESSAGES.answerEveryItem, noteErrors: new Map() };
  const noteErrors = new Map<string, string>();
  for (const item of items) {
    const error = noteErrorOf(answerOf(answers, item.id));
    if (error) noteErrors.set(item.id, error);
  }
  if (noteErrors.size > 0)
    return {
      error: [...noteErrors.values()].includes(INSPECTION_MESSAGES.noteRequired) ? INSPECTION_MESSAGES.noteRequired : NOTE_TOO_LONG,
      noteErrors,
    };
  // A failed item's photos go up before the inspection names them.
  const failedPhotos = items.flatMap((item) => {
    const answer = answerOf(answers, item.id);
    return answer.ok === false ? [...(answer.photos ?? [])] : [];
  });
  if (notYetUploaded(failedPhotos).length > 0) return { error: PHOTO_TEXT.wait, noteErrors: new Map() };
  const body = {
    items: items.map((item) => {
      const answer = answerOf(answers, item.id);
      if (answer.ok) return { id: item.id, ok: true };
      const photoIds = reportPhotoIds(answer.photos ?? []);
      return { id: item.id, ok: false, note: answer.note.trim(), ...(photoIds.length > 0 ? { photoIds } : {}) };
    }),
  };
  const parsed = inspectionBodySchema.safeParse(body);
  return parsed.success
    ? { body: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? INSPECTION_MESSAGES.answerEveryItem, noteErrors: new Map() };
}

/** What the driver is told: all well, passed with defects noted, or his vehicle taken out of service. */
export type OutcomeKind = 'passed' | 'defects' | 'out-of-service';

export function outcomeOf(result: Pick<InspectionResult, 'passed' | 'blocked' | 'defects'>): OutcomeKind {
  if (result.blocked || !result.passed) return 'out-of-service';
  return result.defects.length > 0 ? 'defects' : 'passed';
}

export const INSPECTION_PASSED = 'Inspection passed. You can take rides today.';
export const defectsRecorded = (defects: readonly string[]) => `Inspection passed. Defects recorded: ${defects.join('; ')}.`;
