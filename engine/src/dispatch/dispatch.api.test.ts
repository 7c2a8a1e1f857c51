import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPT_TARGET_TOO_LONG, DEFAULT_DISPATCH_SETTINGS, DISPATCH_STREAM_ID, type DispatchSettings } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { commandSpec } from '../test-support/decider-spec';
import { changeDispatchSettings } from './dispatch.decider';

const offer: DispatchSettings = { ...DEFAULT_DISPATCH_SETTINGS, mode: 'offer', offerSeconds: 20 };

describe('dispatch settings decider', () => {
  const spec = commandSpec(changeDispatchSettings);
  it('given the defaults, when an admin replaces them, then the new whole object is recorded; the same again appends nothing; others are refused', () => {
    spec
      .given({})
      .when({ type: 'ChangeDispatchSettings', data: offer }, { tokenNo: 'AD01', role: 'admin' })
      .then({ dispatch: [{ type: 'DispatchSettingsChanged', data: offer }] });
    spec.given({}).when({ type: 'ChangeDispatchSettings', data: DEFAULT_DISPATCH_SETTINGS }, { tokenNo: 'AD01', role: 'admin' }).then({});
    spec
      .given({ dispatch: [{ type: 'DispatchSettingsChanged', data: offer }] })
      .when({ type: 'ChangeDispatchSettings', data: { ...offer } }, { tokenNo: 'AD01', role: 'admin' })
      .then({});
    spec
      .given({})
      .when({ type: 'ChangeDispatchSettings', data: offer }, { tokenNo: 'MH01', role: 'maintenanceHead' })
      .thenThrows(403, 'Forbidden');
  });
});

describe.each(testStoreKinds())('dispatch settings API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (tokenNo: string, method: 'GET' | 'PUT', payload?: object) =>
    t.app.inject({ method, url: '/api/dispatch/settings', payload, headers: { authorization: `Bearer ${tokens[tokenNo]}` } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    tokens.AD01 = await t.tokenFor('AD01', 'admin');
    tokens.MH01 = await t.tokenFor('MH01', 'maintenanceHead');
  });
  afterAll(async () => t.close());

  it('given nothing set, then GET answers the spec broadcast defaults; PUT replaces the whole object and GET returns it', async () => {
    expect((await call('AD01', 'GET')).json()).toEqual(DEFAULT_DISPATCH_SETTINGS);
    const put = await call('AD01', 'PUT', offer);
    expect([put.statusCode, put.json()]).toEqual([200, offer]);
    expect((await call('AD01', 'GET')).json()).toEqual(offer);
    expect((await t.app.eventStore.readStream(DISPATCH_STREAM_ID)).map((event) => event.type)).toEqual(['DispatchSettingsChanged']);
  });

  it('given a partial object, a value out of range, an unknown key or an accept target past its delivery target, then 400 with what is wrong, and nothing changes; the maintenance head may not', async () => {
    const before = (await t.app.eventStore.readStream(DISPATCH_STREAM_ID)).length;
    expect((await call('AD01', 'PUT', { mode: 'offer' })).statusCode).toBe(400);
    const slow = await call('AD01', 'PUT', { ...offer, offerSeconds: 2 });
    expect([slow.statusCode, slow.json().message]).toEqual([400, 'offerSeconds must be a whole number from 3 to 300.']);
    expect((await call('AD01', 'PUT', { ...offer, mode: 'race' })).json().message).toBe("mode must be 'broadcast' or 'offer'.");
    expect((await call('AD01', 'PUT', { ...offer, releaseLeadMinutes: 241 })).statusCode).toBe(400);
    expect((await call('AD01', 'PUT', { ...offer, extra: 1 })).statusCode).toBe(400);
    const lateAccept = await call('AD01', 'PUT', {
      ...offer,
      serviceTargets: { ...offer.serviceTargets, urgent: { acceptSeconds: 16 * 60, deliverSeconds: 15 * 60 } },
    });
    expect([lateAccept.statusCode, lateAccept.json().message]).toEqual([400, ACCEPT_TARGET_TOO_LONG.urgent]);
    expect((await call('MH01', 'PUT', offer)).statusCode).toBe(403);
    expect((await call('MH01', 'GET')).statusCode).toBe(403);
    expect((await t.app.eventStore.readStream(DISPATCH_STREAM_ID)).length).toBe(before);
  });
});
