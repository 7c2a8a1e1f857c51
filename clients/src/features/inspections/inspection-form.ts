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
import { i18n } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/translate-message';

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

/** A note too long for the engine, in the language spoken now. */
export const noteTooLong = (): string => i18n.t('inspection.driver.noteTooLong', { max: CHECKLIST_LIMITS.note });

const blank: Answer = { ok: null, note: '' };
export const answerOf = (answers: Answers, id: string): Answer => answers.get(id) ?? blank;

/** His answers with this item's set. */
export const withAnswer = (answers: Answers, id: string, answer: Answer): Answers => new Map(answers).set(id, answer);

export const answeredCount = (items: readonly Pick<ChecklistItem, 'id'>[], answers: Answers): number =>
  items.filter((item) => answerOf(answers, item.id).ok !== null).length;

type NoteProblem = 'missing' | 'tooLong';

function noteProblemOf(answer: Answer): NoteProblem | null {
  if (answer.ok !== false) return null;
  if (!failedItemsHaveNotes([{ ok: false, note: answer.note }])) return 'missing';
  if (answer.note.trim().length > CHECKLIST_LIMITS.note) return 'tooLong';
  return null;
}

const noteMessage = (problem: NoteProblem): string =>
  problem === 'missing' ? translateMessage(INSPECTION_MESSAGES.noteRequired) : noteTooLong();

/** The failed items' own message (in the language spoken now): no note, or one too long for the engine. */
export function noteErrorOf(answer: Answer): string | null {
  const problem = noteProblemOf(answer);
  return problem && noteMessage(problem);
}

export type CheckedInspection = { body: InspectionBody } | { error: string; noteErrors: ReadonlyMap<string, string> };

/** The body POST /api/inspections takes, by the engine's rules: every item once, a note on each fault. */
export function checkInspection(items: readonly Pick<ChecklistItem, 'id'>[], answers: Answers): CheckedInspection {
  if (answeredCount(items, answers) < items.length)
    return { error: translateMessage(INSPECTION_MESSAGES.answerEveryItem), noteErrors: new Map() };
  const noteErrors = new Map<string, string>();
  const problems = new Set<NoteProblem>();
  for (const item of items) {
    const problem = noteProblemOf(answerOf(answers, item.id));
    if (!problem) continue;
    problems.add(problem);
    noteErrors.set(item.id, noteMessage(problem));
  }
  if (noteErrors.size > 0) return { error: noteMessage(problems.has('missing') ? 'missing' : 'tooLong'), noteErrors };
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
    : { error: translateMessage(parsed.error.issues[0]?.message ?? INSPECTION_MESSAGES.answerEveryItem), noteErrors: new Map() };
}

/** What the driver is told: all well, passed with defects noted, or his vehicle taken out of service. */
export type OutcomeKind = 'passed' | 'defects' | 'out-of-service';

export function outcomeOf(result: Pick<InspectionResult, 'passed' | 'blocked' | 'defects'>): OutcomeKind {
  if (result.blocked || !result.passed) return 'out-of-service';
  return result.defects.length > 0 ? 'defects' : 'passed';
}

export const inspectionPassed = (): string => i18n.t('inspection.outcome.passed');
/** The defects are the checklist's item texts, the plant's own words: they stay as written. */
export const defectsRecorded = (defects: readonly string[]): string =>
  i18n.t('inspection.outcome.defects', { defects: defects.join('; ') });
