/*
 * What the engine checks and changes in an uploaded photo (issue #34 item 3), by its bytes, never its
 * name or declared type: a JPEG starts with SOI (FF D8) and a marker; its segments run up to the scan
 * (SOS), whose entropy-coded data runs to the end. APP1 (Exif, where GPS lives, and XMP, which may
 * repeat it) and APP13 (Photoshop's IPTC block, which may name a place) are dropped whole; the image
 * itself is not touched, so nothing is recompressed.
 */

const SOI = 0xd8;
const SOS = 0xda;
/** Segments dropped: APP1 (Exif, XMP) and APP13 (IPTC). */
const DROPPED = new Set([0xe1, 0xed]);
// Markers with no length: TEM and the restart markers RST0-RST7.
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** Whether the bytes start as a JPEG does (SOI, then a marker). */
export const looksLikeJpeg = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === SOI && bytes[2] === 0xff;

/**
 * The JPEG without its APP1 and APP13 segments, or null when the bytes are no well-formed JPEG
 * (no SOI, a segment running past the end, no scan).
 */
export function withoutMetadata(bytes: Uint8Array): Buffer | null {
  if (!looksLikeJpeg(bytes)) return null;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    // Fill bytes: any number of FF before a marker.
    let markerAt = at + 1;
    while (markerAt < bytes.length && bytes[markerAt] === 0xff) markerAt += 1;
    if (markerAt >= bytes.length) return null;
    const marker = bytes[markerAt]!;
    if (standalone(marker)) {
      kept.push(bytes.subarray(markerAt - 1, markerAt + 1));
      at = markerAt + 1;
      continue;
    }
    if (markerAt + 2 >= bytes.length) return null;
    const length = (bytes[markerAt + 1]! << 8) | bytes[markerAt + 2]!;
    const end = markerAt + 1 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === SOS) {
      // The scan and everything after it (its data, later scans, EOI) is the image.
      kept.push(bytes.subarray(markerAt - 1));
      return Buffer.concat(kept);
    }
    if (!DROPPED.has(marker)) kept.push(bytes.subarray(markerAt - 1, end));
    at = end;
  }
  return null;
}
