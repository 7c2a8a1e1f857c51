import { describe, expect, it } from 'vitest';
import { FIXTURE_IMAGE, jpegWithLocation, jpegWithoutLocation } from '../test-support/jpeg-fixture';
import { looksLikeJpeg, withoutMetadata } from './jpeg';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const has = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'latin1'));

describe('a photo’s bytes (issue #34)', () => {
  it('given a camera JPEG with Exif GPS and XMP, when cleaned, then both APP1 segments are gone and every other byte is kept as it was', () => {
    const taken = jpegWithLocation('shot 1');
    expect(has(taken, 'Exif') && has(taken, 'GPSLatitude')).toBe(true);
    const kept = withoutMetadata(taken)!;
    expect(kept).toEqual(jpegWithoutLocation('shot 1'));
    expect(has(kept, 'Exif')).toBe(false);
    expect(has(kept, 'GPSLatitude')).toBe(false);
    expect(has(kept, 'adobe')).toBe(false);
    expect(kept.subarray(kept.length - FIXTURE_IMAGE.length)).toEqual(FIXTURE_IMAGE);
  });

  it('given a JPEG with no metadata, then it is kept byte for byte; an IPTC block (APP13) goes too', () => {
    const plain = jpegWithoutLocation();
    expect(withoutMetadata(plain)).toEqual(plain);
    const iptc = Buffer.concat([plain.subarray(0, 2), Buffer.from([0xff, 0xed, 0x00, 0x0c]), Buffer.from('Photoshop '), plain.subarray(2)]);
    expect(withoutMetadata(iptc)).toEqual(plain);
  });

  it('given fill bytes before a marker, then they are read past', () => {
    const plain = jpegWithoutLocation();
    const filled = Buffer.concat([plain.subarray(0, 2), Buffer.from([0xff, 0xff]), plain.subarray(2)]);
    expect(withoutMetadata(filled)).not.toBeNull();
  });

  it('given bytes that are no JPEG (a PNG, text, a cut-off JPEG, a JPEG without its scan), then they are refused whatever they were called', () => {
    expect(looksLikeJpeg(PNG)).toBe(false);
    expect(withoutMetadata(PNG)).toBeNull();
    expect(withoutMetadata(Buffer.from('photo.jpg'))).toBeNull();
    expect(withoutMetadata(Buffer.alloc(0))).toBeNull();
    const taken = jpegWithLocation();
    // Cut inside the Exif segment: its length runs past the end.
    expect(withoutMetadata(taken.subarray(0, 40))).toBeNull();
    const noScan = jpegWithoutLocation().subarray(0, 2 + 18 + 69);
    expect(looksLikeJpeg(noScan)).toBe(true);
    expect(withoutMetadata(noScan)).toBeNull();
    // A marker where a segment should start is missing.
    expect(withoutMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0x12, 0x34]))).toBeNull();
  });
});
