import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

// SPEC §7 calls served so far (engine part 1): each must be in the document under its spec path.
const SPEC_CALLS = [
  ['post', '/api/auth/signup'],
  ['post', '/api/auth/signin'],
  ['post', '/api/auth/logout'],
  ['post', '/api/bookings/book-ride'],
  ['get', '/api/bookings/get-timestamps/{rideId}'],
  ['put', '/api/bookings/update-timestamps'],
  ['delete', '/api/bookings/cancel/{rideId}'],
  ['get', '/api/tracking/ride-status/{rideId}'],
  ['post', '/api/tracking/accept-ride'],
  ['post', '/api/tracking/complete-ride'],
  ['get', '/api/ride-history'],
  ['get', '/api/ride-history/user'],
  ['post', '/api/ride-history'],
  ['put', '/api/ride-history/update-status/user/{rideId}'],
  ['get', '/api/drivers/available-rides'],
  ['get', '/api/drivers/getSpecificRequester/{userId}'],
  ['get', '/api/drivers/getRequester/{tokenNo}'],
  ['get', '/api/drivers/check-assigned/{vehicleType}'],
] as const;

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t.close());

  it('when the document is asked for, then it lists every SPEC §7 call served, with the spec field names', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(answer.statusCode).toBe(200);
    const doc = answer.json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>
      >;
    };
    const missing = SPEC_CALLS.filter(([method, path]) => !doc.paths[path]?.[method]);
    expect(missing).toEqual([]);
    const bookBody = doc.paths['/api/bookings/book-ride']?.post?.requestBody?.content['application/json']?.schema.properties ?? {};
    expect(Object.keys(bookBody)).toEqual(
      expect.arrayContaining(['userId', 'fromLocation', 'toLocation', 'vehicleType', 'rideType', 'reqName', 'reqMobileNo']),
    );
  });

  it('when the browsable docs are opened, then a page is served', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(answer.statusCode);
  });
});
