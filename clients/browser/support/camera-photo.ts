import type { Page } from 'playwright-core';

/*
 * A photo as a phone's camera hands it over (issue #34): a large JPEG, drawn by Chromium itself, with an
 * Exif APP1 block that says where it was taken (a GPS IFD with latitude and longitude) right after SOI.
 */

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const ascii = (text: string) => [...Buffer.from(text, 'latin1')];

/** Exif with IFD0 → GPS IFD: 18°31'12" N, 73°51'0" E (big-endian TIFF). */
function exifSegment(): Buffer {
  const entry = (tag: number, type: number, count: number, value: number[]) => [...u16(tag), ...u16(type), ...u32(count), ...value];
  const gpsAt = 26;
  const dataAt = gpsAt + 2 + 4 * 12 + 4;
  const rationals = (values: number[]) => values.flatMap((value) => [...u32(value), ...u32(1)]);
  const body = [
    ...ascii('Exif'),
    0,
    0,
    ...ascii('MM'),
    ...u16(42),
    ...u32(8),
    ...u16(1),
    ...entry(0x8825, 4, 1, u32(gpsAt)),
    ...u32(0),
    ...u16(4),
    ...entry(0x0001, 2, 2, [...ascii('N'), 0, 0, 0]),
    ...entry(0x0002, 5, 3, u32(dataAt)),
    ...entry(0x0003, 2, 2, [...ascii('E'), 0, 0, 0]),
    ...entry(0x0004, 5, 3, u32(dataAt + 24)),
    ...u32(0),
    ...rationals([18, 31, 12]),
    ...rationals([73, 51, 0]),
  ];
  return Buffer.from([0xff, 0xe1, ...u16(body.length + 2), ...body]);
}

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
  return Buffer.concat([jpeg.subarray(0, 2), exifSegment(), jpeg.subarray(2)]);
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
