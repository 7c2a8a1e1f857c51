import { useQuery } from '@tanstack/react-query';
import { photoPath } from '@plantride/schemas';
import { ApiError } from '../../lib/api-client';
import { blobToDataUrl } from '../../lib/photo-upload';
import { currentToken } from '../../lib/session.store';

/** Not persisted with the cache (persisted-cache.ts keeps named prefixes only): photos are read again after a reload. */
const photoKey = (photoId: string) => ['photos', photoId] as const;

/** One stored photo as a data URL, for staff and the driver who took it. */
async function fetchPhoto(photoId: string, signal: AbortSignal): Promise<string> {
  const token = currentToken();
  const response = await fetch(photoPath(photoId), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, null);
  }
  return blobToDataUrl(await response.blob());
}

/** A photo never changes once stored: read once, kept while shown. */
export const usePhoto = (photoId: string) =>
  useQuery({
    queryKey: photoKey(photoId),
    queryFn: ({ signal }) => fetchPhoto(photoId, signal),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: 1,
  });
