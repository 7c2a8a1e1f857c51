import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CHECKLISTS,
  PHOTO_MESSAGES,
  maintenanceStreamId,
  type MaintenanceRequestRow,
  type RideTimelineAnswer,
  type Role,
} from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { jpegWithLocation } from '../test-support/jpeg-fixture';

type Body = Record<string, unknown>;

// Issue #34: a report names its photos by id; the request, the inspection and the audit show them.
describe.each(testStoreKinds())('photos with reports on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const people: Array<[string, Role]> = [
    ['F001', 'driver'],
    ['F002', 'driver'],
    ['F003', 'driver'],
    ['F004', 'driver'],
    ['RQ01', 'requester'],
    ['MH01', 'maintenanceHead'],
  ];
  const call = (who: string, method: 'GET' | 'POST', url: string, payload?: Body) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
  const photo = async (who: string) => {
    const photoId = randomUUID();
    const answer = await t.app.inject({
      method: 'PUT',
      url: `/api/photos/${photoId}`,
      payload: jpegWithLocation(photoId),
      headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'image/jpeg' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return photoId;
  };
  const breakdown = (driver: string, photoIds: unknown, body: Body = {}) =>
    call(driver, 'POST', '/api/requests/maintenanceReq', {
      driver_id: driver,
      vehicle_type: 'Forklift',
      issue: 'Engine Issue',
      comment_text: 'smoke from the engine',
      status: 'pending',
      breakdown_type: 'full',
      ride_id: null,
      photo_ids: photoIds,
      ...body,
    });
  const requested = async (requestId: string) =>
    (await t.app.eventStore.readStream(maintenanceStreamId(requestId))).find((event) => event.type === 'MaintenanceRequested')!.data as {
      photoIds?: string[];
    };
  const rowOf = async (requestId: string, position: number) =>
    ((await call('MH01', 'GET', `/api/requests/maintenanceReq?position=${position}`)).json() as MaintenanceRequestRow[]).find(
      (row) => row.ID === requestId,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(
      t.app,
      people.map(([tokenNo, role]) => ({ tokenNo, role, ...(role === 'driver' ? { vehicleType: 'Forklift' as const } : {}) })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  });
  afterAll(async () => t.close());

  it('given a breakdown report naming photos that are not his, unknown or too many, then it is refused with a clear 400 and nothing is appended', async () => {
    const [mine, his] = [await photo('F001'), await photo('F002')];
    const four = [mine, await photo('F001'), await photo('F001'), await photo('F001')];
    const before = await t.app.eventStore.headPosition();
    for (const [what, ids, message] of [
      ['another driver’s photo', [mine, his], PHOTO_MESSAGES.unknownPhoto],
      ['a photo never uploaded', [randomUUID()], PHOTO_MESSAGES.unknownPhoto],
      ['four photos', four, PHOTO_MESSAGES.tooMany],
      ['an id that is no UUID', ['IMG_0001.jpg'], PHOTO_MESSAGES.photoId],
    ] as const) {
      const refused = await breakdown('F001', ids);
      expect(refused.statusCode, `${what}: ${refused.body}`).toBe(400);
      expect(refused.json().message, what).toContain(message);
    }
    expect(await t.app.eventStore.headPosition()).toBe(before);
  });

  it('given a breakdown report with his photos, then the request records their ids (not their bytes) and the maintenance head’s list shows them', async () => {
    const ids = [await photo('F001'), await photo('F001')];
    const answer = await breakdown('F001', [...ids, ids[0]]);
    expect(answer.statusCode, answer.body).toBe(200);
    const { requestId, position } = answer.json<{ requestId: string; position: number }>();
    expect((await requested(requestId)).photoIds).toEqual(ids);
    expect((await rowOf(requestId, position))?.PHOTO_IDS).toEqual(ids);
    // Staff open them from the request.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/photos/${ids[0]}`, headers: { authorization: `Bearer ${tokens.MH01}` } })).statusCode,
    ).toBe(200);
  });

  it('given a failed inspection with photos on failed items, then each item keeps its own, the request it files carries them all, and a photo on a passed item is refused', async () => {
    const answers = (failed: Record<string, string[]>) =>
      DEFAULT_CHECKLISTS.Forklift.map((item) =>
        item.id in failed ? { id: item.id, ok: false, note: 'broken', photoIds: failed[item.id] } : { id: item.id, ok: true },
      );
    const onPassed = DEFAULT_CHECKLISTS.Forklift.map((item) => ({
      id: item.id,
      ok: true,
      photoIds: item.id === 'horn' ? [randomUUID()] : [],
    }));
    const refused = await call('F003', 'POST', '/api/inspections', { items: onPassed });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PHOTO_MESSAGES.onlyFailedItems);
    const notHis = await call('F003', 'POST', '/api/inspections', { items: answers({ brakes: [await photo('F004')] }) });
    expect(notHis.json()).toEqual({ message: PHOTO_MESSAGES.unknownPhoto });

    const [brakes, lights] = [[await photo('F003'), await photo('F003')], [await photo('F003')]];
    const inspected = await call('F003', 'POST', '/api/inspections', { items: answers({ brakes, lights }) });
    expect(inspected.statusCode, inspected.body).toBe(200);
    const { maintenanceRequestId, position, inspectionId } = inspected.json();
    expect((await requested(maintenanceRequestId)).photoIds).toEqual([...brakes, ...lights]);
    expect((await rowOf(maintenanceRequestId, position))?.PHOTO_IDS).toEqual([...brakes, ...lights]);
    const listed = (await call('MH01', 'GET', `/api/inspections?operatorId=F003&position=${position}`)).json();
    const row = listed.inspections.find((one: { inspectionId: string }) => one.inspectionId === inspectionId);
    const photosOf = (id: string) => row.items.find((item: { id: string }) => item.id === id).photoIds;
    expect([photosOf('brakes'), photosOf('lights'), photosOf('horn')]).toEqual([brakes, lights, undefined]);
  });

  it('given a mid-ride breakdown with photos, then the ride audit links the request’s photos', async () => {
    const { rideId } = (
      await call('RQ01', 'POST', '/api/bookings/book-ride', {
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
        rideType: 'Regular',
      })
    ).json();
    expect((await call('F002', 'POST', '/api/tracking/accept-ride', { driverId: 'F002', rideId })).statusCode).toBe(200);
    const ids = [await photo('F002')];
    const filed = await breakdown('F002', ids, { issue: '', breakdown_type: null, ride_id: rideId, comment_text: 'stopped mid-ride' });
    expect(filed.statusCode, filed.body).toBe(200);
    const timeline = (await call('MH01', 'GET', `/api/rides/${rideId}/timeline`)).json<RideTimelineAnswer>();
    expect(timeline.breakdownPhotos).toEqual([{ requestId: filed.json().requestId, driverId: 'F002', photoIds: ids }]);
  });
});
