import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SERVER_MESSAGES,
  SITE_STREAM_ID,
  answerRoutes,
  invisibleCharactersMessage,
  locationRetired,
  placeNameLooksLike,
  placeNameTaken,
  type SiteAnswer,
} from '@plantride/schemas';
import { handle } from '../commands/command-handler';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { defineDefaultSite } from './site.decider';

describe.each(testStoreKinds())('site API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (tokenNo: string | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: tokenNo ? { authorization: `Bearer ${tokens[tokenNo]}` } : {} });
  const site = async () => (await call('AB12', 'GET', '/api/site')).json<SiteAnswer>();
  const book = (fromLocation: string, toLocation: string) =>
    call('AB12', 'POST', '/api/bookings/book-ride', { userId: 'AB12', fromLocation, toLocation, vehicleType: 'Forklift' });
  const eventsOfSite = async () => (await t.app.eventStore.readStream(SITE_STREAM_ID)).map((event) => event.type);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(t.app, [
      { tokenNo: 'AD01', role: 'admin' },
      { tokenNo: 'AB12', role: 'requester' },
      { tokenNo: 'D001', role: 'driver', vehicleType: 'Forklift' },
    ]);
    tokens.AD01 = await t.tokenFor('AD01', 'admin');
    tokens.AB12 = await t.tokenFor('AB12', 'requester');
  });
  afterAll(async () => t.close());

  it('given a store whose site stream is empty, when anyone signed in asks for the site, then it is the spec plant; signed out, 401', async () => {
    const answer = await site();
    expect(answer.locations).toHaveLength(19);
    expect(answer.locations.find((place) => place.name === 'main gate')).toEqual({
      id: 'main-gate',
      name: 'main gate',
      x: 0,
      y: 250,
      retired: false,
    });
    // Sent: the spec's minutes that are not the plan's estimate; every other route is that estimate.
    expect(answer.routes.length).toBeLessThan(19 * 18);
    expect(answerRoutes(answer)('main-gate', 'canteen')).toEqual({
      from: 'main-gate',
      to: 'canteen',
      minutes: 11,
      edited: false,
    });
    expect((await call(null, 'GET', '/api/site')).statusCode).toBe(401);
  });

  it('given the engine starting twice, then the spec plant is written once', async () => {
    const context = () => ({ now: new Date(), actor: { system: 'start-up' }, commandId: crypto.randomUUID() });
    await handle(t.app.eventStore, defineDefaultSite, { type: 'DefineDefaultSite' }, context());
    await handle(t.app.eventStore, defineDefaultSite, { type: 'DefineDefaultSite' }, context());
    expect(await eventsOfSite()).toEqual(['SiteDefined']);
  });

  it('given an admin, when he adds a place, then it answers the place with its id, its routes are estimated, and a requester can book to it', async () => {
    const added = await call('AD01', 'POST', '/api/site/locations', { name: 'Paint Shop', x: 0, y: 310 });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id: 'paint-shop', name: 'Paint Shop', x: 0, y: 310, retired: false });
    const answer = await site();
    expect(answer.routes.filter((route) => route.from === 'paint-shop' || route.to === 'paint-shop')).toEqual([]);
    expect(answerRoutes(answer)('main-gate', 'paint-shop')).toEqual({ from: 'main-gate', to: 'paint-shop', minutes: 3, edited: false });
    const booked = await book('main gate', 'Paint Shop');
    expect(booked.statusCode).toBe(200);
  });

  it('given a requester or a bad body, when a place is added, then 403 or 400, and nothing is appended', async () => {
    const before = await eventsOfSite();
    expect((await call('AB12', 'POST', '/api/site/locations', { name: 'Dock 9', x: 10, y: 10 })).statusCode).toBe(403);
    const badPosition = await call('AD01', 'POST', '/api/site/locations', { name: 'Dock 9', x: -5, y: 10 });
    expect(badPosition.statusCode).toBe(400);
    expect(badPosition.json().message).toBe('X must be at least 0.');
    expect((await call('AD01', 'POST', '/api/site/locations', { name: '  ', x: 1, y: 1 })).statusCode).toBe(400);
    const taken = await call('AD01', 'POST', '/api/site/locations', { name: 'FGS', x: 1, y: 1 });
    expect([taken.statusCode, taken.json().message]).toEqual([409, placeNameTaken('fgs')]);
    expect(await eventsOfSite()).toEqual(before);
  });

  it('given names that hide characters or read as "main gate" (U+200B, zero-width only, U+202E, a Cyrillic "а"), when a place is added or renamed, then 400 naming the field, and nothing is appended (issue #31)', async () => {
    const before = await eventsOfSite();
    const invisible = invisibleCharactersMessage('Place name');
    for (const name of ['main gate\u200B', '\u200B\u200C\u200D', '\u202Eetag niam']) {
      const added = await call('AD01', 'POST', '/api/site/locations', { name, x: 1, y: 1 });
      expect([added.statusCode, added.json().message]).toEqual([400, invisible]);
      const renamed = await call('AD01', 'PATCH', '/api/site/locations/fgs', { name });
      expect([renamed.statusCode, renamed.json().message]).toEqual([400, invisible]);
    }
    const lookalike = await call('AD01', 'POST', '/api/site/locations', { name: 'm\u0430in gate', x: 1, y: 1 });
    expect([lookalike.statusCode, lookalike.json().message]).toEqual([400, placeNameLooksLike('main gate')]);
    expect(await eventsOfSite()).toEqual(before);
    expect((await site()).locations.filter((place) => place.name.includes('gate')).map((place) => place.name)).toEqual([
      'main gate',
      'south gate',
    ]);
  });

  it('given a name written decomposed ("e" + U+0301), when a place is added, then it is stored composed and found by either spelling', async () => {
    const added = await call('AD01', 'POST', '/api/site/locations', { name: 'Caf\u0065\u0301 Annex', x: 5, y: 5 });
    expect([added.statusCode, added.json().name]).toEqual([200, 'Caf\u00E9 Annex']);
    const again = await call('AD01', 'POST', '/api/site/locations', { name: 'caf\u00E9 annex', x: 5, y: 5 });
    expect([again.statusCode, again.json().message]).toEqual([409, placeNameTaken('Caf\u00E9 Annex')]);
    expect((await book('main gate', 'Caf\u0065\u0301 Annex')).statusCode).toBe(200);
  });

  it('given an admin, when he sets a route time by names, then that direction is marked edited and the next booking estimates with it', async () => {
    const set = await call('AD01', 'PUT', '/api/site/routes', { from: 'main gate', to: 'canteen', minutes: 25 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ from: 'main-gate', to: 'canteen', minutes: 25, edited: true });
    const route = answerRoutes(await site());
    expect(route('main-gate', 'canteen')).toMatchObject({ minutes: 25, edited: true });
    expect(route('canteen', 'main-gate')).toMatchObject({ minutes: 11, edited: false });
    const booked = await book('main gate', 'canteen');
    const rideId = booked.json<{ rideId: string }>().rideId;
    const requested = (await t.app.eventStore.readStream(`ride-${rideId}`))[0]!;
    expect(requested.data).toMatchObject({ fromLocation: 'main gate', toLocation: 'canteen', estimatedMinutes: 25 });
    expect((await call('AD01', 'PUT', '/api/site/routes', { from: 'canteen', to: 'canteen', minutes: 5 })).json().message).toBe(
      SERVER_MESSAGES.routeNeedsTwoPlaces,
    );
    expect((await call('AD01', 'PUT', '/api/site/routes', { from: 'canteen', to: 'fgs', minutes: 0 })).statusCode).toBe(400);
  });

  it('given an admin, when he renames a place and retires another, then bookings take the new name, refuse the old one and the retired place, and earlier rides keep their names', async () => {
    const before = await book('canteen', 'fgs');
    const earlierRide = before.json<{ rideId: string }>().rideId;
    const renamed = await call('AD01', 'PATCH', '/api/site/locations/canteen', { name: 'Staff Canteen' });
    expect(renamed.json()).toMatchObject({ id: 'canteen', name: 'Staff Canteen' });
    expect((await call('AD01', 'PATCH', '/api/site/locations/scrap-yard', { retired: true })).json()).toMatchObject({
      id: 'scrap-yard',
      retired: true,
    });
    expect((await book('canteen', 'fgs')).json().message).toBe(SERVER_MESSAGES.unknownLocation);
    expect((await book('staff canteen', 'fgs')).statusCode).toBe(200);
    const retired = await book('scrap yard', 'fgs');
    expect([retired.statusCode, retired.json().message]).toEqual([400, locationRetired('scrap yard')]);
    expect((await t.app.eventStore.readStream(`ride-${earlierRide}`))[0]!.data).toMatchObject({ fromLocation: 'canteen' });
    expect((await call('AD01', 'PATCH', '/api/site/locations/moon-base', { retired: true })).statusCode).toBe(404);
    expect((await call('AD01', 'PATCH', '/api/site/locations/fgs', {})).statusCode).toBe(400);
  });
});
