import { z } from 'zod';
import { wordedMessage } from './text-fields';

/*
 * Issue #34 item 3: photos with a maintenance request and with a failed inspection item. The phone
 * takes and shrinks them (at most PHOTO_LIMITS.longSide pixels, JPEG) and uploads each under an id it
 * chose (a UUID), so a retry, or an upload sent later from the offline queue, stores the same photo once.
 * Events carry the ids, never the bytes.
 */

export const PHOTO_LIMITS = {
  /** Photos with one maintenance request, and with one failed inspection item. */
  perReport: 3,
  /** The largest upload the engine keeps, in bytes: a 1,600 px JPEG is well under it. */
  maxBytes: 2 * 1024 * 1024,
  /** The phone shrinks a photo to at most this many pixels on its long side. */
  longSide: 1600,
} as const;

export const PHOTO_MESSAGES = {
  notJpeg: wordedMessage('A photo must be a JPEG image.'),
  tooLarge: wordedMessage('A photo may be at most 2 MB. Take it again.'),
  tooMany: wordedMessage(`Add at most ${PHOTO_LIMITS.perReport} photos.`),
  photoId: wordedMessage('A photo id is a UUID.'),
  idTaken: wordedMessage('Another photo was stored under this id. Take the photo again.'),
  unknownPhoto: wordedMessage('A photo of this report was not uploaded, or is not yours. Take it again.'),
  onlyFailedItems: wordedMessage('Add photos only to failed items.'),
  notYours: wordedMessage('You can see only the photos you took.'),
  notFound: wordedMessage('Photo not found.'),
} as const;

/** A photo's id: a UUID the phone chose. */
export const photoIdSchema = z.uuid({ error: PHOTO_MESSAGES.photoId }).transform((id) => id.toLowerCase());

/** PUT and GET /api/photos/{photoId}. */
export const photoIdParamsSchema = z.object({ photoId: photoIdSchema });

/** Answer of PUT /api/photos/{photoId}: the photo as stored (its location data removed). */
export const photoUploadAnswerSchema = z.object({ photoId: z.string(), bytes: z.number().int() });
export type PhotoUploadAnswer = z.infer<typeof photoUploadAnswerSchema>;

/** The photo ids a report sends with it: at most PHOTO_LIMITS.perReport, each once. */
export const photoIdsInput = z
  .array(photoIdSchema, { error: PHOTO_MESSAGES.tooMany })
  .max(PHOTO_LIMITS.perReport, PHOTO_MESSAGES.tooMany)
  .transform((ids) => [...new Set(ids)]);

/** Path of one photo. */
export const photoPath = (photoId: string): string => `/api/photos/${encodeURIComponent(photoId)}`;
