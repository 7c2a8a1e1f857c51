import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PLACES, SITE_STREAM_ID, answerRoutes, placesFull, type SiteAnswer } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';

/*
 * Issue #31 item 2: GET /api/site was 4.2 MB at 241 places and ten screens re-reading it after one change
 * held /api/health up to 4.7 s. The answer now holds only what the site holds (places, and routes not the
 * plan's estimate), is made once per site version, and an unchanged site answers 304 to its ETag.
 */
describe.each(testStoreKinds())('GET /api/site answer on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (tokenNo: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[tokenNo]}`, ...headers } });
  const siteEvents = async () => (await t.app.eventStore.readStream(SITE_STREAM_ID)).length;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedUsers(t.app, [
      { tokenNo: 'AD01', role: 'admin' },
      { tokenNo: 'AB12', role: 'requester' },
    ]);
    tokens.AD01 = await t.tokenFor('AD01', 'admin');
    tokens.AB12 = await t.tokenFor('AB12', 'requester');
  });
  afterAll(async () => t.close());

  it('given the site, when a screen asks with the ETag it has, then 304 with no body; after a change, 200 with a new ETag and the change', async () => {
    const first = await call('AB12', 'GET', '/api/site');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"site-2-\d+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-type']).toMatch(/^application\/json/);

    const unchanged = await call('AB12', 'GET', '/api/site', undefined, { 'if-none-match': etag });
    expect([unchanged.statusCode, unchanged.body, unchanged.headers.etag]).toEqual([304, '', etag]);
    // A list of tags, or the weak form of ours, matches too (RFC 9110's weak comparison for If-None-Match).
    expect((await call('AB12', 'GET', '/api/site', undefined, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await call('AB12', 'GET', '/api/site', undefined, { 'if-none-match': '"site-2-999999"' })).statusCode).toBe(200);

    const set = await call('AD01', 'PUT', '/api/site/routes', { from: 'main gate', to: 'canteen', minutes: 25 });
    expect(set.statusCode).toBe(200);
    const changed = await call('AB12', 'GET', '/api/site', undefined, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const answer = changed.json<SiteAnswer>();
    expect(answer.version).toBeGreaterThan(first.json<SiteAnswer>().version);
    expect(answerRoutes(answer)('main-gate', 'canteen')).toEqual({ from: 'main-gate', to: 'canteen', minutes: 25, edited: true });
    expect((await call('AB12', 'GET', '/api/site', undefined, { 'if-none-match': changed.headers.etag as string })).statusCode).toBe(304);
  });

  it('given routes set by hand, then the answer sends one entry more for each, not a row per place pair', async () => {
    const before = (await call('AB12', 'GET', '/api/site')).json<SiteAnswer>().routes.length;
    await call('AD01', 'PUT', '/api/site/routes', { from: 'canteen', to: 'fgs', minutes: 17 });
    await call('AD01', 'PUT', '/api/site/routes', { from: 'fgs', to: 'canteen', minutes: 18 });
    const answer = (await call('AB12', 'GET', '/api/site')).json<SiteAnswer>();
    expect(answer.routes).toHaveLength(before + 2);
    expect(answer.routes.length).toBeLessThan(answer.locations.length * (answer.locations.length - 1));
  });

  it(`given a site of ${MAX_PLACES} places, when an admin adds one more, then 409 saying so and nothing is appended; the answer stays small`, async () => {
    const version = await siteEvents();
    const places = (await call('AB12', 'GET', '/api/site')).json<SiteAnswer>().locations.length;
    const events = Array.from({ length: MAX_PLACES - places }, (_, i) => ({
      eventId: randomUUID(),
      type: 'LocationAdded',
      schemaVersion: 1,
      data: { id: `bay-${i}`, name: `Bay ${i}`, x: (i * 37) % 5000, y: (i * 53) % 5000, routes: [] },
    }));
    await t.app.eventStore.append(SITE_STREAM_ID, version, events, {});

    const refused = await call('AD01', 'POST', '/api/site/locations', { name: 'One Too Many', x: 10, y: 10 });
    expect([refused.statusCode, refused.json().message]).toEqual([409, placesFull]);
    expect(await siteEvents()).toBe(version + events.length);

    const full = await call('AB12', 'GET', '/api/site');
    const answer = full.json<SiteAnswer>();
    expect(answer.locations).toHaveLength(MAX_PLACES);
    // Places are ~70 bytes each and routes only those held: far under the 20 MB a full table would be.
    expect(full.body.length).toBeLessThan(100_000);
    expect(answerRoutes(answer)('bay-1', 'bay-2')?.minutes).toBeGreaterThan(0);
  });
});
