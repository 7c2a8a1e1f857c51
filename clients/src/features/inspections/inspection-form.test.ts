import { afterEach, describe, expect, it } from 'vitest';
import { CHECKLIST_LIMITS, INSPECTION_MESSAGES } from '@plantride/schemas';
import {
  NO_ANSWERS,
  answerOf,
  answeredCount,
  checkInspection,
  defectsRecorded,
  inspectionPassed,
  noteErrorOf,
  noteTooLong,
  outcomeOf,
  withAnswer,
  type Answer,
  type Answers,
} from './inspection-form';
import { i18n } from '../../i18n/i18n';
import { mr } from '../../i18n/mr';

const items = [{ id: 'brakes' }, { id: 'horn' }, { id: 'lights' }];
const answersOf = (entries: Record<string, Answer>): Answers => new Map(Object.entries(entries));

describe("the driver's inspection form (issue #21)", () => {
  it('given two of three items answered, when checked, then it asks for every item and counts two', () => {
    const answers = answersOf({ brakes: { ok: true, note: '' }, horn: { ok: false, note: 'silent' } });
    expect(answeredCount(items, answers)).toBe(2);
    expect(checkInspection(items, answers)).toEqual({ error: INSPECTION_MESSAGES.answerEveryItem, noteErrors: new Map() });
  });

  it('given a fault without a note, when checked, then that item says to add a note and nothing is sent', () => {
    const answers = answersOf({ brakes: { ok: true, note: '' }, horn: { ok: false, note: '   ' }, lights: { ok: true, note: '' } });
    expect(checkInspection(items, answers)).toEqual({
      error: INSPECTION_MESSAGES.noteRequired,
      noteErrors: new Map([['horn', INSPECTION_MESSAGES.noteRequired]]),
    });
  });

  it('given a note longer than the engine takes, when checked, then the item says so', () => {
    const answer = { ok: false, note: 'x'.repeat(CHECKLIST_LIMITS.note + 1) };
    expect(noteErrorOf(answer)).toBe(`A note is at most ${CHECKLIST_LIMITS.note} characters.`);
    expect(noteTooLong()).toBe(noteErrorOf(answer));
    expect(noteErrorOf({ ok: true, note: '' })).toBeNull();
  });

  it('given every item answered and the fault noted, when checked, then the body has each item once in the checklist order, notes trimmed, and no note on an OK item', () => {
    const answers = answersOf({
      lights: { ok: true, note: 'left over from a fault' },
      brakes: { ok: true, note: '' },
      horn: { ok: false, note: '  does not sound ' },
    });
    expect(checkInspection(items, answers)).toEqual({
      body: {
        items: [
          { id: 'brakes', ok: true },
          { id: 'horn', ok: false, note: 'does not sound' },
          { id: 'lights', ok: true },
        ],
      },
    });
  });

  it('given items whose ids name properties of Object.prototype (constructor, __proto__, toString), when none is answered, then none counts as answered and checking asks for every item without throwing (issue #31)', () => {
    const risky = [{ id: 'constructor' }, { id: '__proto__' }, { id: 'toString' }];
    expect(answeredCount(risky, NO_ANSWERS)).toBe(0);
    expect(answerOf(NO_ANSWERS, 'constructor')).toEqual({ ok: null, note: '' });
    expect(checkInspection(risky, NO_ANSWERS)).toEqual({ error: INSPECTION_MESSAGES.answerEveryItem, noteErrors: new Map() });
    const one = withAnswer(NO_ANSWERS, '__proto__', { ok: false, note: '' });
    expect(answeredCount(risky, one)).toBe(1);
    expect(NO_ANSWERS.size).toBe(0);
    const all = risky.reduce((answers, item) => withAnswer(answers, item.id, { ok: false, note: '' }), NO_ANSWERS);
    const checked = checkInspection(risky, all);
    expect(checked).toEqual({
      error: INSPECTION_MESSAGES.noteRequired,
      noteErrors: new Map(risky.map((item) => [item.id, INSPECTION_MESSAGES.noteRequired])),
    });
  });

  it("given the engine's answers, when read, then passed, passed with defects and out of service are told apart", () => {
    expect(outcomeOf({ passed: true, blocked: false, defects: [] })).toBe('passed');
    expect(outcomeOf({ passed: true, blocked: false, defects: ['Lights and beacon work'] })).toBe('defects');
    expect(outcomeOf({ passed: false, blocked: true, defects: ['Brakes work and hold'] })).toBe('out-of-service');
    expect(defectsRecorded(['Lights and beacon work', 'Horn sounds'])).toBe(
      'Inspection passed. Defects recorded: Lights and beacon work; Horn sounds.',
    );
    expect(inspectionPassed()).toBe('Inspection passed. You can take rides today.');
  });

  describe('in Marathi (issue #34 item 4)', () => {
    afterEach(async () => {
      await i18n.changeLanguage('en');
    });

    it('given the screens speak Marathi, when a note is too long or defects are recorded, then the words are Marathi and the item texts stay as the plant wrote them', async () => {
      await i18n.changeLanguage('mr');
      expect(noteErrorOf({ ok: false, note: 'x'.repeat(CHECKLIST_LIMITS.note + 1) })).toBe(
        mr.inspection.driver.noteTooLong.replace('{{max}}', String(CHECKLIST_LIMITS.note)),
      );
      expect(defectsRecorded(['Lights and beacon work', 'Horn sounds'])).toBe(
        mr.inspection.outcome.defects.replace('{{defects}}', 'Lights and beacon work; Horn sounds'),
      );
      expect(inspectionPassed()).toBe(mr.inspection.outcome.passed);
    });
  });
});
