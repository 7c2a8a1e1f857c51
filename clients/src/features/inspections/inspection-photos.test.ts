import { describe, expect, it } from 'vitest';
import type { PickedPhoto } from '../../components/photos/picked-photos';
import { PHOTO_TEXT } from '../../components/photos/picked-photos';
import { checkInspection, type Answer, type Answers } from './inspection-form';

const items = [{ id: 'brakes' }, { id: 'horn' }, { id: 'lights' }];
const answersOf = (entries: Record<string, Answer>): Answers => new Map(Object.entries(entries));
const A = '0b7f3a52-6c1e-4d8a-9f10-2a3b4c5d6e7f';
const B = '1c8e4b63-7d2f-4e9b-8a21-3b4c5d6e7f80';
const photo = (id: string, state: PickedPhoto['state']): PickedPhoto => ({ id, jpeg: 'data:image/jpeg;base64,', state });

describe('photos of failed inspection items (issue #34)', () => {
  it('given a fault with uploaded photos and one refused, then the body names the uploaded ones on that item only', () => {
    const answers = answersOf({
      brakes: { ok: false, note: 'soft pedal', photos: [photo(A, 'uploaded'), photo(B, 'failed')] },
      // Photos taken before the item was set back to OK are not sent.
      horn: { ok: true, note: '', photos: [photo(B, 'uploaded')] },
      lights: { ok: false, note: 'beacon out' },
    });
    expect(checkInspection(items, answers)).toEqual({
      body: {
        items: [
          { id: 'brakes', ok: false, note: 'soft pedal', photoIds: [A] },
          { id: 'horn', ok: true },
          { id: 'lights', ok: false, note: 'beacon out' },
        ],
      },
    });
  });

  it('given a fault whose photo is still uploading or waits for the network, then it is not sent yet and says why', () => {
    for (const state of ['uploading', 'waiting'] as const) {
      const answers = answersOf({
        brakes: { ok: false, note: 'soft pedal', photos: [photo(A, state)] },
        horn: { ok: true, note: '' },
        lights: { ok: true, note: '' },
      });
      expect(checkInspection(items, answers), state).toEqual({ error: PHOTO_TEXT.wait, noteErrors: new Map() });
    }
  });
});
