/*
 * JPEG bytes for the photo tests (issue #34), built here: an 8×8 mid-grey baseline image (one DC
 * coefficient, Huffman tables of one code each) that any decoder shows, and APP1 segments that carry a
 * location the way a phone's camera writes it: Exif with a GPS IFD, and XMP repeating it.
 */

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const ascii = (text: string) => [...Buffer.from(text, 'latin1')];
const segment = (marker: number, body: number[]) => [0xff, marker, ...u16(body.length + 2), ...body];

/** Where the Exif block says the photo was taken: 18°31'12" N, 73°51'0" E. */
export const FIXTURE_GPS = { latitude: [18, 31, 12], longitude: [73, 51, 0] } as const;

/** An Exif APP1 body: IFD0 naming a GPS IFD with latitude and longitude (big-endian TIFF). */
function exifBody(): number[] {
  const entry = (tag: number, type: number, count: number, value: number[]) => [...u16(tag), ...u16(type), ...u32(count), ...value];
  const gpsAt = 8 + 2 + 12 + 4;
  const dataAt = gpsAt + 2 + 4 * 12 + 4;
  const rationals = (values: readonly number[]) => values.flatMap((value) => [...u32(value), ...u32(1)]);
  const tiff = [
    ...ascii('MM'),
    ...u16(42),
    ...u32(8),
    // IFD0: GPSInfo → the GPS IFD.
    ...u16(1),
    ...entry(0x8825, 4, 1, u32(gpsAt)),
    ...u32(0),
    // The GPS IFD: GPSLatitudeRef, GPSLatitude, GPSLongitudeRef, GPSLongitude.
    ...u16(4),
    ...entry(0x0001, 2, 2, [...ascii('N'), 0, 0, 0]),
    ...entry(0x0002, 5, 3, u32(dataAt)),
    ...entry(0x0003, 2, 2, [...ascii('E'), 0, 0, 0]),
    ...entry(0x0004, 5, 3, u32(dataAt + 24)),
    ...u32(0),
    ...rationals(FIXTURE_GPS.latitude),
    ...rationals(FIXTURE_GPS.longitude),
  ];
  return [...ascii('Exif'), 0, 0, ...tiff];
}

const xmpBody = () => [
  ...ascii('http://ns.adobe.com/xap/1.0/'),
  0,
  ...ascii(
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description exif:GPSLatitude="18,31.2N" exif:GPSLongitude="73,51.0E"/></rdf:RDF></x:xmpmeta>',
  ),
];

/** The image itself: quantisation, frame, Huffman tables, the scan and EOI. */
/** The Exif APP1 segment alone, marker and length included: the browser tests put it into a photo Chromium drew. */
export const exifGpsSegment = (): Buffer => Buffer.from(segment(0xe1, exifBody()));

export const FIXTURE_IMAGE = Buffer.from([
  ...segment(0xdb, [0, ...Array<number>(64).fill(1)]),
  ...segment(0xc0, [8, ...u16(8), ...u16(8), 1, 1, 0x11, 0]),
  ...segment(0xc4, [0x00, 1, ...Array<number>(15).fill(0), 0]),
  ...segment(0xc4, [0x10, 1, ...Array<number>(15).fill(0), 0]),
  ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
  // DC difference 0 (code 0), end of block (code 0), padded with ones.
  0x3f,
  0xff,
  0xd9,
]);

const JFIF = segment(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, ...u16(1), ...u16(1), 0, 0]);

/** A JPEG as a phone's camera writes it: JFIF, an Exif block with GPS, XMP with the same, then the image. `salt` makes photos differ. */
export function jpegWithLocation(salt = ''): Buffer {
  const comment = salt ? segment(0xfe, ascii(salt)) : [];
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, ...JFIF, ...segment(0xe1, exifBody()), ...segment(0xe1, xmpBody()), ...comment]),
    FIXTURE_IMAGE,
  ]);
}

/** The same photo with no location: what the engine should keep of {@link jpegWithLocation}. */
export function jpegWithoutLocation(salt = ''): Buffer {
  const comment = salt ? segment(0xfe, ascii(salt)) : [];
  return Buffer.concat([Buffer.from([0xff, 0xd8, ...JFIF, ...comment]), FIXTURE_IMAGE]);
}
