import type { Page } from 'playwright-core';
import { exifGpsSegment } from '../../../engine/src/test-support/jpeg-fixture';

/*
 * A photo as a phone's camera hands it over (issue #34): a large JPEG, drawn by Chromium itself, with an
 * Exif APP1 block that says where it was taken (a GPS IFD with latitude and longitude) right after SOI.
 */

/** A `width`×`height` camera JPEG with GPS in its Exif block, drawn in the page (stripes and a label, so the shot shows something). */
export async function cameraJpeg(page: Page, width = 3000, height = 2000, text = 'Hydraulic leak'): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h, label]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      for (let x = 0; x < w; x += 200) {
        context.fillStyle = (x / 200) % 2 === 0 ? '#1565c0' : '#ffb300';
        context.fillRect(x, 0, 200, h);
      }
      context.fillStyle = '#ffffff';
      context.font = `bold ${Math.round(h / 8)}px sans-serif`;
      context.fillText(label, w / 10, h / 2);
      return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!;
    },
    [width, height, text] as const,
  );
  const jpeg = Buffer.from(base64, 'base64');
  return Buffer.concat([jpeg.subarray(0, 2), exifGpsSegment(), jpeg.subarray(2)]);
}

/** A JPEG's size from its frame header (SOF0 or SOF2), or null. */
export function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker === 0xc0 || marker === 0xc2) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}

/** Whether the bytes still carry an Exif block or a GPS tag's words. */
export const carriesLocation = (bytes: Buffer): boolean => bytes.includes(Buffer.from('Exif')) || bytes.includes(Buffer.from('GPS'));
