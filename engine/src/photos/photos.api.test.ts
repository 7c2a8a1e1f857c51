import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_LIMITS, PHOTO_MESSAGES, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { jpegWithLocation, jpegWithoutLocation } from '../test-support/jpeg-fixture';

const has = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'latin1'));

describe.each(testStoreKinds())('photos API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role]> = [
    ['F001', 'driver'],
    ['F002', 'driver'],
    ['RQ01', 'requester'],
    ['MH01', 'maintenanceHead'],
    ['AD01', 'admin'],
  ];
  const auth = (who: string | null): Record<string, string> => (who ? { authorization: `Bearer ${tokens[who]}` } : {});
  const upload = (who: string | null, photoId: string, bytes: Buffer | string, type = 'image/jpeg') =>
    t.app.inject({ method: 'PUT', url: `/api/photos/${photoId}`, payload: bytes, headers: { ...auth(who), 'content-type': type } });
  const fetchPhoto = (who: string | null, photoId: string) =>
    t.app.inject({ method: 'GET', url: `/api/photos/${photoId}`, headers: auth(who) });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role]) => ({ tokenNo, role, ...(role === 'driver' ? { vehicleType: 'Forklift' as const } : {}) })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => t.close());

  it('given a driver’s camera JPEG with an Exif GPS block and XMP, when he uploads it, then the engine keeps it without them and serves it to him and to staff', async () => {
    const photoId = randomUUID();
    const before = await t.app.eventStore.headPosition();
    const taken = jpegWithLocation('F001 brakes');
    const answer = await upload('F001', photoId, taken);
    expect(answer.statusCode, answer.body).toBe(200);
    const kept = jpegWithoutLocation('F001 brakes');
    expect(answer.json()).toEqual({ photoId, bytes: kept.length });
    // A photo is no event: its bytes stay out of the store.
    expect(await t.app.eventStore.headPosition()).toBe(before);
    for (const who of ['F001', 'MH01', 'AD01']) {
      const served = await fetchPhoto(who, photoId);
      expect(served.statusCode, who).toBe(200);
      expect(served.headers['content-type'], who).toBe('image/jpeg');
      expect(served.rawPayload, who).toEqual(kept);
      expect(has(served.rawPayload, 'Exif') || has(served.rawPayload, 'GPSLatitude'), who).toBe(false);
    }
    // The same upload again (a retry from the phone) stores nothing new and answers the same.
    expect((await upload('F001', photoId, taken)).json()).toEqual({ photoId, bytes: kept.length });
    // The id in capitals is the same photo.
    expect((await fetchPhoto('MH01', photoId.toUpperCase())).rawPayload).toEqual(kept);
  });

  it('given a stored photo, then another driver, a requester and no session are refused, and nobody learns whether an id exists but staff', async () => {
    const photoId = randomUUID();
    expect((await upload('F001', photoId, jpegWithLocation('mine'))).statusCode).toBe(200);
    for (const who of ['F002', 'RQ01']) {
      const refused = await fetchPhoto(who, photoId);
      expect(refused.statusCode, who).toBe(403);
      expect(refused.json().message, who).toEqual(who === 'F002' ? PHOTO_MESSAGES.notYours : expect.any(String));
      expect(refused.rawPayload.includes(Buffer.from([0xff, 0xd8, 0xff])), who).toBe(false);
    }
    expect((await fetchPhoto(null, photoId)).statusCode).toBe(401);
    const unknown = randomUUID();
    expect((await fetchPhoto('F002', unknown)).statusCode).toBe(403);
    expect((await fetchPhoto('MH01', unknown)).json()).toEqual({ message: PHOTO_MESSAGES.notFound });
    expect((await fetchPhoto('MH01', unknown)).statusCode).toBe(404);
  });

  it('given an id already holding a photo, then another photo or another driver under it is refused with 409 and the first stays', async () => {
    const photoId = randomUUID();
    expect((await upload('F001', photoId, jpegWithLocation('first'))).statusCode).toBe(200);
    for (const [who, bytes] of [
      ['F001', jpegWithLocation('second')],
      ['F002', jpegWithLocation('first')],
    ] as const) {
      const refused = await upload(who, photoId, bytes);
      expect(refused.statusCode, who).toBe(409);
      expect(refused.json()).toEqual({ message: PHOTO_MESSAGES.idTaken });
    }
    expect((await fetchPhoto('F001', photoId)).rawPayload).toEqual(jpegWithoutLocation('first'));
    expect((await fetchPhoto('F002', photoId)).statusCode).toBe(403);
  });

  it('given what is no JPEG by its bytes, too large, under a bad id or from someone who is no driver, then it is refused with a clear 4xx and nothing is kept', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array<number>(64).fill(0)]);
    const oversize = Buffer.concat([jpegWithLocation(), Buffer.alloc(PHOTO_LIMITS.maxBytes)]);
    const cases: Array<[string, string | null, Buffer | string, string, number, string | null]> = [
      ['a PNG sent as a JPEG', 'F001', png, 'image/jpeg', 415, PHOTO_MESSAGES.notJpeg],
      ['text named a JPEG', 'F001', 'not a photo.jpg', 'image/jpeg', 415, PHOTO_MESSAGES.notJpeg],
      ['JSON', 'F001', JSON.stringify({ photo: 'x' }), 'application/json', 415, PHOTO_MESSAGES.notJpeg],
      ['a cut-off JPEG', 'F001', jpegWithLocation().subarray(0, 40), 'image/jpeg', 415, PHOTO_MESSAGES.notJpeg],
      ['a JPEG past the size limit', 'F001', oversize, 'image/jpeg', 413, PHOTO_MESSAGES.tooLarge],
      ['a requester', 'RQ01', jpegWithLocation(), 'image/jpeg', 403, null],
      ['the maintenance head', 'MH01', jpegWithLocation(), 'image/jpeg', 403, null],
      ['no session', null, jpegWithLocation(), 'image/jpeg', 401, null],
    ];
    for (const [what, who, bytes, type, status, message] of cases) {
      const photoId = randomUUID();
      const refused = await upload(who, photoId, bytes, type);
      expect(refused.statusCode, `${what}: ${refused.body}`).toBe(status);
      expect(refused.json().message, what).toEqual(message ?? expect.any(String));
      expect((await fetchPhoto('AD01', photoId)).statusCode, what).toBe(404);
    }
    const badId = await upload('F001', 'photo-1', jpegWithLocation());
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain(PHOTO_MESSAGES.photoId);
  });
});
