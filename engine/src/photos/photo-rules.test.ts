import { describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '@plantride/schemas';
import { DomainError } from '../commands/errors';
import { photoIdsField, reportPhotos } from './photo-rules';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
};

describe('the photos a report may name (issue #34)', () => {
  const owners = new Map([
    ['a', 'FL01'],
    ['b', 'FL01'],
    ['c', 'FL01'],
    ['d', 'FL01'],
    ['x', 'FL02'],
  ]);

  it('given his own uploaded photos, then they are named once each, in order', () => {
    expect(reportPhotos(['b', 'a', 'b'], owners, 'FL01')).toEqual(['b', 'a']);
    expect(reportPhotos([], owners, 'FL01')).toEqual([]);
  });

  it('given another driver’s photo, one never uploaded or more than three, then it is a 400 with its message', () => {
    expect(refusal(() => reportPhotos(['a', 'x'], owners, 'FL01'))).toEqual({ status: 400, message: PHOTO_MESSAGES.unknownPhoto });
    expect(refusal(() => reportPhotos(['nope'], owners, 'FL01'))).toEqual({ status: 400, message: PHOTO_MESSAGES.unknownPhoto });
    expect(refusal(() => reportPhotos(['a', 'b', 'c', 'd'], owners, 'FL01'))).toEqual({ status: 400, message: PHOTO_MESSAGES.tooMany });
  });

  it('given no photos, then the event has no photoIds field; given some, it has them', () => {
    expect(photoIdsField([])).toEqual({});
    expect(photoIdsField(['a'])).toEqual({ photoIds: ['a'] });
  });
});
