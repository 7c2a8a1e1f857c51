import { PHOTO_LIMITS } from '@plantride/schemas';

/*
 * On the phone, before any upload (issue #34 item 3): the camera's photo drawn on a canvas at most
 * PHOTO_LIMITS.longSide pixels on its long side and written as a JPEG. Drawing it also leaves its Exif
 * block (and the location in it) behind; the engine strips it anyway, whatever the phone did.
 */

const QUALITIES = [0.85, 0.7, 0.5] as const;

/** The size a photo is drawn at: its long side at most `longSide`, its shape kept, never enlarged. */
export function shrunkSize(width: number, height: number, longSide: number = PHOTO_LIMITS.longSide): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const jpegOf = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be written.'))), 'image/jpeg', quality),
  );

/** The photo shrunk and as a JPEG under the engine's size limit (a lower quality if the first is too big). */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const { width, height } = shrunkSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The photo could not be drawn.');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  let jpeg = await jpegOf(canvas, QUALITIES[0]);
  for (const quality of QUALITIES.slice(1)) {
    if (jpeg.size <= PHOTO_LIMITS.maxBytes) break;
    jpeg = await jpegOf(canvas, quality);
  }
  return jpeg;
}
