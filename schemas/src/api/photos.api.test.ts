import { describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES, photoIdParamsSchema, photoIdsInput } from './photos.api';

const A = '0B7F3A52-6C1E-4D8A-9F10-2A3B4C5D6E7F';
const B = '1c8e4b63-7d2f-4e9b-8a21-3b4c5d6e7f80';

describe('photo ids (issue #34)', () => {
  it('given a UUID in capitals, then it is the same id in small letters; anything else is refused with its message', () => {
    expect(photoIdParamsSchema.parse({ photoId: A })).toEqual({ photoId: A.toLowerCase() });
    for (const photoId of ['IMG_0001.jpg', '', '../etc/passwd', `${B}x`]) {
      const parsed = photoIdParamsSchema.safeParse({ photoId });
      expect(parsed.success, photoId).toBe(false);
      expect(parsed.error?.issues[0]?.message, photoId).toBe(PHOTO_MESSAGES.photoId);
    }
  });

  it('given a report’s photo ids, then each is kept once, in order, and a fourth is refused', () => {
    expect(photoIdsInput.parse([B, A, B])).toEqual([B, A.toLowerCase()]);
    const four = photoIdsInput.safeParse([A, B, A.replace('0B7F', '0B70'), B.replace('1c8e', '1c80')]);
    expect(four.success).toBe(false);
    expect(four.error?.issues[0]?.message).toBe(PHOTO_MESSAGES.tooMany);
  });
});
