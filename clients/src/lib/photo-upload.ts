import { photoPath } from '@plantride/schemas';
import { ApiError, NoAnswerError } from './api-client';
import { currentToken, useSession } from './session.store';

/*
 * A photo's bytes to the engine (issue #34 item 3): PUT /api/photos/{id} with the JPEG as the body,
 * under the id the phone chose, so sending it again (a retry, the offline queue) stores it once.
 */

function serverMessage(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

/** Uploads one photo; NoAnswerError when the network gave no answer, ApiError with the engine's message when refused. */
export async function putPhoto(photoId: string, photo: Blob): Promise<void> {
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch(photoPath(photoId), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: photo,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new NoAnswerError(error);
  }
  if (response.ok) return;
  const text = await response.text();
  if (response.status === 401 && token) useSession.getState().end('expired');
  throw new ApiError(response.status, text, serverMessage(text));
}

/** A photo as a data URL: what a screen shows (the page's CSP allows data: images, not blob: ones) and the offline queue keeps. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/** The bytes of a base64 data URL, as a JPEG (no fetch: the CSP's connect-src does not name data:). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return new Blob([bytes], { type: 'image/jpeg' });
}

const PHOTO_FIELDS = new Set(['photo_ids', 'photoIds']);

/** A queued body without a photo the engine refused: the report still goes, with the photos it has. */
export function withoutPhoto(body: unknown, photoId: string): unknown {
  if (Array.isArray(body)) return body.map((inner) => withoutPhoto(inner, photoId));
  if (!body || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body).map(([field, value]) => [
      field,
      PHOTO_FIELDS.has(field) && Array.isArray(value) ? value.filter((id) => id !== photoId) : withoutPhoto(value, photoId),
    ]),
  );
}
