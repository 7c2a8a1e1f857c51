import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@plantride/schemas';
import { badRequest } from '../commands/errors';

/**
 * The photos a driver's report (a maintenance request, a failed inspection item) may name, the rule
 * both deciders apply: at most PHOTO_LIMITS.perReport, each once, each uploaded by him. `owners` says
 * who took each named photo that is stored (the route reads it from the photo store).
 */
export function reportPhotos(photoIds: readonly string[], owners: ReadonlyMap<string, string>, driverId: string): string[] {
  const ids = [...new Set(photoIds)];
  if (ids.length > PHOTO_LIMITS.perReport) throw badRequest(PHOTO_MESSAGES.tooMany);
  if (ids.some((id) => owners.get(id) !== driverId)) throw badRequest(PHOTO_MESSAGES.unknownPhoto);
  return ids;
}

/** The event field naming a report's photos: present only when it has some, so a report without any is recorded as before. */
export const photoIdsField = (photoIds: readonly string[]): { photoIds?: string[] } =>
  photoIds.length > 0 ? { photoIds: [...photoIds] } : {};
