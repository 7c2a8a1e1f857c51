import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { AUDIT_FEED_PATH, type Role } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { connectLive, type LiveClient } from '../test-support/live-client';

/**
 * Who may reach which route. The callers are one user of each role, none of them a party to the
 * sample ride (RQ01's Forklift ride, accepted by F001) or the owner of the sample records: for
 * routes open to "their own" things (a requester's history, a driver's status), the sample names
 * someone else's, so every role outside `allowed` must get 403, and anyone without a session 401.
 */
const CALLERS = { requester: 'RQ02', driver: 'C001', maintenanceHead: 'MH01', admin: 'AD01' } as const satisfies Record<Role, string>;
const ROLES = Object.keys(CALLERS) as Role[];
const STAFF: Role[] = ['maintenanceHead', 'admin'];

interface Sample {
  rideId: string;
  openRideId: string;
  requestId: string;
}
interface Rule {
  /**
   * Roles that get through with the sample (their GETs are asserted to pass the guard; commands are not sent);
   * 'service': a service account's key only (issue #33), so every person's session is 401 (the keys' scopes: orders.api.test.ts).
   */
  allowed: Role[] | 'public' | 'service';
  request(sample: Sample, caller: string): { url: string; payload?: Record<string, unknown> };
}

const ride = (body: Record<string, unknown> = {}) => ({
  userId: 'RQ01',
  fromLocation: 'main gate',
  toLocation: 'canteen',
  vehicleType: 'Forklift',
  rideType: 'Regular',
  ...body,
});
const driverRecord = {
  operatorId: 'F001',
  vehicle: 'MH12 AB 1234',
  name: 'Ravi Kumar',
  mobile: '9876543210',
  forklift: '7',
  vehicleAssigned: 'Forklift',
};
const fixed = (url: string, payload?: Record<string, unknown>) => () => ({ url, payload });

const RULES: Record<string, Rule> = {
  'POST /api/auth/signup': { allowed: 'public', request: fixed('/api/auth/signup') },
  'POST /api/auth/signin': { allowed: 'public', request: fixed('/api/auth/signin') },
  'POST /api/auth/reset-password': { allowed: 'public', request: fixed('/api/auth/reset-password') },
  'GET /api/health': { allowed: 'public', request: fixed('/api/health') },
  'GET /metrics': { allowed: 'public', request: fixed('/metrics') },
  'POST /api/auth/logout': { allowed: ROLES, request: fixed('/api/auth/logout') },
  'GET /api/users/me': { allowed: ROLES, request: fixed('/api/users/me') },
  'PUT /api/users/me/language': { allowed: ROLES, request: fixed('/api/users/me/language', { language: 'mr' }) },
  'PUT /api/users/:tokenNo': { allowed: ['admin'], request: fixed('/api/users/RQ01', { is_blocked: true }) },
  'POST /api/users/:tokenNo/reset-code': { allowed: ['admin'], request: fixed('/api/users/RQ01/reset-code') },
  'POST /api/bookings/book-ride': { allowed: ['admin'], request: fixed('/api/bookings/book-ride', ride()) },
  'GET /api/bookings/get-timestamps/:rideId': { allowed: STAFF, request: (s) => ({ url: `/api/bookings/get-timestamps/${s.rideId}` }) },
  'PUT /api/bookings/update-timestamps': {
    allowed: [],
    request: (s) => ({ url: '/api/bookings/update-timestamps', payload: { rideId: s.rideId, event: 'start' } }),
  },
  'DELETE /api/bookings/cancel/:rideId': { allowed: ['admin'], request: (s) => ({ url: `/api/bookings/cancel/${s.rideId}` }) },
  'GET /api/tracking/ride-status/:rideId': { allowed: STAFF, request: (s) => ({ url: `/api/tracking/ride-status/${s.rideId}` }) },
  // The Crane driver accepting a Forklift ride for himself: the wrong vehicle type.
  'POST /api/tracking/accept-ride': {
    allowed: [],
    request: (s, caller) => ({ url: '/api/tracking/accept-ride', payload: { driverId: caller, rideId: s.openRideId } }),
  },
  'POST /api/tracking/complete-ride': {
    allowed: [],
    request: (s) => ({ url: '/api/tracking/complete-ride', payload: { rideId: s.rideId } }),
  },
  'GET /api/ride-history': { allowed: STAFF, request: fixed('/api/ride-history?driverId=F001') },
  'GET /api/ride-history/ongoing': { allowed: STAFF, request: fixed('/api/ride-history/ongoing?driverId=F001') },
  'GET /api/ride-history/user': { allowed: STAFF, request: fixed('/api/ride-history/user?userId=RQ01') },
  'POST /api/ride-history': {
    allowed: STAFF,
    request: (s) => ({
      url: '/api/ride-history',
      payload: {
        rideId: s.rideId,
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        status: 'accepted',
        estimatedTime: 11,
        timestamp: new Date().toISOString(),
        rideType: 'Regular',
      },
    }),
  },
  'PUT /api/ride-history/update-status/user/:rideId': {
    allowed: STAFF,
    request: (s) => ({ url: `/api/ride-history/update-status/user/${s.rideId}`, payload: { status: 'accepted' } }),
  },
  'GET /api/drivers/getSpecificDriver/:tokenNo': { allowed: STAFF, request: fixed('/api/drivers/getSpecificDriver/F001') },
  'GET /api/drivers/status/:tokenNo': { allowed: STAFF, request: fixed('/api/drivers/status/F001') },
  // A Crane driver listing Forklift rides: only his own vehicle type.
  'GET /api/drivers/available-rides': { allowed: STAFF, request: fixed('/api/drivers/available-rides?vehicleType=Forklift') },
  // Past the guard, a driver reads only the requesters of rides he holds or held, staff those their screens list: the sample's
  // Crane driver has no ride of RQ01's and gets the unknown id's answer (404, or no row), as security/personal-data.test.ts shows.
  'GET /api/drivers/getSpecificRequester/:userId': {
    allowed: ['driver', ...STAFF],
    request: fixed('/api/drivers/getSpecificRequester/RQ01'),
  },
  'GET /api/drivers/getRequester/:tokenNo': { allowed: ['driver', ...STAFF], request: fixed('/api/drivers/getRequester/RQ01') },
  // The booking form asks whether a vehicle type has drivers.
  'GET /api/drivers/check-assigned/:vehicleType': { allowed: ROLES, request: fixed('/api/drivers/check-assigned/Forklift') },
  'GET /api/drivers/getDrivers': { allowed: STAFF, request: fixed('/api/drivers/getDrivers') },
  'GET /api/drivers/blocked': { allowed: STAFF, request: fixed('/api/drivers/blocked') },
  'POST /api/drivers/add': { allowed: ['admin'], request: fixed('/api/drivers/add', { ...driverRecord, operatorId: 'F009' }) },
  'PUT /api/drivers/update': { allowed: ['admin'], request: fixed('/api/drivers/update', { ...driverRecord, status: 'Not Active' }) },
  'PUT /api/drivers/toggle-access': { allowed: ['admin'], request: fixed('/api/drivers/toggle-access', { driverId: 'F001', active: 0 }) },
  'GET /api/drivers/registrations': { allowed: ['admin'], request: fixed('/api/drivers/registrations') },
  'POST /api/drivers/registrations/:tokenNo/approve': { allowed: ['admin'], request: fixed('/api/drivers/registrations/RQ01/approve') },
  'POST /api/drivers/registrations/:tokenNo/reject': { allowed: ['admin'], request: fixed('/api/drivers/registrations/RQ01/reject') },
  // The Crane driver filing a breakdown in F001's name, for F001's ride.
  'POST /api/requests/maintenanceReq': {
    allowed: [],
    request: (s) => ({
      url: '/api/requests/maintenanceReq',
      payload: {
        driver_id: 'F001',
        driver_name: 'F001 Name',
        vehicle_type: 'Forklift',
        issue: 'Engine Issue',
        comment_text: '',
        status: 'pending',
        breakdown_type: 'full',
        ride_id: s.rideId,
      },
    }),
  },
  'GET /api/requests/maintenanceReq': { allowed: STAFF, request: fixed('/api/requests/maintenanceReq') },
  'PUT /api/requests/maintenanceReq/:id/comment': {
    allowed: STAFF,
    request: (s) => ({ url: `/api/requests/maintenanceReq/${s.requestId}/comment`, payload: { comment_text: 'seen' } }),
  },
  'PUT /api/requests/:id/status': {
    allowed: STAFF,
    request: (s) => ({ url: `/api/requests/${s.requestId}/status`, payload: { status: 'accepted', maintenance_date: null } }),
  },
  'PUT /api/requests/unblock-driver': {
    allowed: STAFF,
    request: fixed('/api/requests/unblock-driver', { driverId: 'F002', reason: 'maintenance_completed' }),
  },
  'GET /api/maintenance/verify-access': { allowed: STAFF, request: fixed('/api/maintenance/verify-access') },
  // The Crane driver handing over F001's ride.
  'POST /api/maintenance/redistribute-ride': {
    allowed: STAFF,
    request: (s) => ({
      url: '/api/maintenance/redistribute-ride',
      payload: {
        rideId: s.rideId,
        originalDriverId: 'F001',
        vehicleType: 'Forklift',
        maintenanceComment: 'brakes',
        rideData: { RIDE_ID: s.rideId },
      },
    }),
  },
  // The Crane driver taking over a Forklift ride.
  'POST /api/maintenance/accept-redistributed-ride': {
    allowed: [],
    request: (s, caller) => ({ url: '/api/maintenance/accept-redistributed-ride', payload: { rideId: s.rideId, newDriverId: caller } }),
  },
  'GET /api/reports/rides': { allowed: STAFF, request: fixed('/api/reports/rides') },
  'GET /api/reports/AllRides': { allowed: STAFF, request: fixed('/api/reports/AllRides') },
  'GET /api/reports/rides.csv': { allowed: STAFF, request: fixed('/api/reports/rides.csv') },
  'GET /api/reports/kpis': { allowed: STAFF, request: fixed('/api/reports/kpis') },
  'GET /api/kpis/fleet': { allowed: STAFF, request: fixed('/api/kpis/fleet') },
  'GET /api/kpis/fleet.csv': { allowed: STAFF, request: fixed('/api/kpis/fleet.csv') },
  'GET /api/rides/:rideId/timeline': { allowed: STAFF, request: (s) => ({ url: `/api/rides/${s.rideId}/timeline` }) },
  // Issue #20: the site, shifts, presence, dispatch settings and offers.
  'GET /api/site': { allowed: ROLES, request: fixed('/api/site') },
  'POST /api/site/locations': { allowed: ['admin'], request: fixed('/api/site/locations', { name: 'Dock 7', x: 10, y: 10 }) },
  'PATCH /api/site/locations/:id': { allowed: ['admin'], request: fixed('/api/site/locations/canteen', { name: 'Staff Canteen' }) },
  'PUT /api/site/routes': { allowed: ['admin'], request: fixed('/api/site/routes', { from: 'main gate', to: 'canteen', minutes: 12 }) },
  'GET /api/drivers/shift': { allowed: ['driver'], request: fixed('/api/drivers/shift') },
  'POST /api/drivers/shift': { allowed: ['driver'], request: fixed('/api/drivers/shift', { on: true }) },
  'GET /api/drivers/presence': { allowed: STAFF, request: fixed('/api/drivers/presence') },
  'GET /api/dispatch/settings': { allowed: ['admin'], request: fixed('/api/dispatch/settings') },
  'PUT /api/dispatch/settings': {
    allowed: ['admin'],
    request: fixed('/api/dispatch/settings', {
      mode: 'offer',
      offerSeconds: 30,
      serviceTargets: { normal: { acceptSeconds: 300, deliverSeconds: 1800 }, urgent: { acceptSeconds: 120, deliverSeconds: 900 } },
      releaseLeadMinutes: 15,
    }),
  },
  'GET /api/checklists/:vehicleType': { allowed: ROLES, request: fixed('/api/checklists/Forklift') },
  'PUT /api/checklists/:vehicleType': {
    allowed: ['admin'],
    request: fixed('/api/checklists/Forklift', { items: [{ text: 'Brakes work', critical: true }] }),
  },
  'GET /api/inspections/settings': { allowed: ROLES, request: fixed('/api/inspections/settings') },
  'PUT /api/inspections/settings': { allowed: ['admin'], request: fixed('/api/inspections/settings', { inspectionRequired: true }) },
  'POST /api/inspections': { allowed: ['driver'], request: fixed('/api/inspections', { items: [{ id: 'brakes', ok: true }] }) },
  'GET /api/inspections': { allowed: STAFF, request: fixed('/api/inspections?passed=false') },
  'PATCH /api/rides/:rideId/priority': {
    allowed: STAFF,
    request: (s) => ({ url: `/api/rides/${s.rideId}/priority`, payload: { priority: 'urgent' } }),
  },
  // Past the guard a driver declines only an offer made to him (409 otherwise, as decider tests show).
  'POST /api/tracking/decline-offer': {
    allowed: ['driver'],
    request: (s) => ({ url: '/api/tracking/decline-offer', payload: { rideId: s.openRideId } }),
  },
  // Issue #32 item 4: the dispatcher board and its alerts (an alert never raised is a 404 past the guard).
  'GET /api/board': { allowed: STAFF, request: fixed('/api/board') },
  'POST /api/board/alerts/acknowledge': {
    allowed: STAFF,
    request: (s) => ({ url: '/api/board/alerts/acknowledge', payload: { alertId: `${s.rideId}.wait` } }),
  },
  // Issue #32 item 4: staff assign a ride by hand, choosing from the drivers the decider would allow.
  'POST /api/rides/:rideId/assign': {
    allowed: STAFF,
    request: (s) => ({ url: `/api/rides/${s.rideId}/assign`, payload: { driverId: 'F001', reason: 'Nearest to the dock' } }),
  },
  'GET /api/rides/:rideId/assignable-drivers': { allowed: STAFF, request: (s) => ({ url: `/api/rides/${s.rideId}/assignable-drivers` }) },
  // Issue #32 item 7: before booking, who of the type is on shift; a driver's own tally for the day.
  'GET /api/drivers/on-shift/:vehicleType': { allowed: ROLES, request: fixed('/api/drivers/on-shift/Forklift') },
  'GET /api/ride-history/today': { allowed: STAFF, request: fixed('/api/ride-history/today?driverId=F001') },
  // Issue #32 item 4: a driver's break (past the guard, one off shift is told to start it first: 409).
  'POST /api/drivers/break': { allowed: ['driver'], request: fixed('/api/drivers/break', { on: true }) },
  // Issue #33: the admin's service accounts, and the /api/v1 surface their keys call.
  // Issue #33 item 4: AMR robots; staff see them, the admin registers them and maps the nodes.
  'GET /api/amrs': { allowed: ['admin', 'maintenanceHead'], request: fixed('/api/amrs') },
  'POST /api/amrs': { allowed: ['admin'], request: fixed('/api/amrs', { name: 'Rover', manufacturer: 'Acme', serialNumber: 'Z-1' }) },
  'PUT /api/amrs/nodes': { allowed: ['admin'], request: fixed('/api/amrs/nodes', { nodes: [{ placeId: 'main-gate', nodeId: 'N1' }] }) },
  // Issue #34 item 1: Web Push; drivers and staff turn it on for a device, anyone signed in turns his off.
  'GET /api/push/key': { allowed: ROLES, request: fixed('/api/push/key') },
  'POST /api/push/subscriptions': {
    allowed: ['driver', 'maintenanceHead', 'admin'],
    request: fixed('/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      keys: { p256dh: 'A'.repeat(87), auth: 'A'.repeat(22) },
    }),
  },
  'DELETE /api/push/subscriptions': {
    allowed: ROLES,
    request: fixed('/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/x' }),
  },
  'GET /api/service-accounts': { allowed: ['admin'], request: fixed('/api/service-accounts') },
  'POST /api/service-accounts': { allowed: ['admin'], request: fixed('/api/service-accounts', { name: 'MES', scopes: ['orders:write'] }) },
  'POST /api/service-accounts/:accountId/rotate': { allowed: ['admin'], request: fixed('/api/service-accounts/sa0000/rotate', {}) },
  'DELETE /api/service-accounts/:accountId': { allowed: ['admin'], request: fixed('/api/service-accounts/sa0000') },
  'PUT /api/service-accounts/:accountId/triggers/:triggerId': {
    allowed: ['admin'],
    request: fixed('/api/service-accounts/sa0000/triggers/t1', {
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
    }),
  },
  'DELETE /api/service-accounts/:accountId/triggers/:triggerId': {
    allowed: ['admin'],
    request: fixed('/api/service-accounts/sa0000/triggers/t1'),
  },
  'POST /api/v1/orders': { allowed: 'service', request: fixed('/api/v1/orders', { externalRef: 'X1', requester: 'RQ01', ...ride() }) },
  'GET /api/v1/orders/:externalRef': { allowed: 'service', request: fixed('/api/v1/orders/X1') },
  'DELETE /api/v1/orders/:externalRef': { allowed: 'service', request: fixed('/api/v1/orders/X1') },
  'POST /api/v1/triggers/:triggerId': { allowed: 'service', request: fixed('/api/v1/triggers/t1') },
  'GET /api/v1/rides/:rideId': { allowed: 'service', request: (s) => ({ url: `/api/v1/rides/${s.rideId}` }) },
  'GET /api/v1/site': { allowed: 'service', request: fixed('/api/v1/site') },
  'POST /api/v1/webhooks': {
    allowed: 'service',
    request: fixed('/api/v1/webhooks', { url: 'https://erp.example.com/hook', events: ['rides'] }),
  },
  'GET /api/v1/webhooks': { allowed: 'service', request: fixed('/api/v1/webhooks') },
  'GET /api/v1/webhooks/:subscriptionId/deliveries': { allowed: 'service', request: fixed('/api/v1/webhooks/wh0000/deliveries') },
  'POST /api/v1/webhooks/:subscriptionId/rotate-secret': {
    allowed: 'service',
    request: fixed('/api/v1/webhooks/wh0000/rotate-secret', {}),
  },
  'POST /api/v1/webhooks/:subscriptionId/replay': {
    allowed: 'service',
    request: fixed('/api/v1/webhooks/wh0000/replay', { fromPosition: 1 }),
  },
  'DELETE /api/v1/webhooks/:subscriptionId': { allowed: 'service', request: fixed('/api/v1/webhooks/wh0000') },
  // The audit feed is a WebSocket; a plain GET meets the same guard before any upgrade.
  [`GET ${AUDIT_FEED_PATH}`]: { allowed: STAFF, request: fixed(AUDIT_FEED_PATH) },
  // Issue #34: a driver uploads his photos; staff see any, a driver only his own (the sample is no caller's).
  'PUT /api/photos/:photoId': { allowed: ['driver'], request: fixed('/api/photos/0b7f3a52-6c1e-4d8a-9f10-2a3b4c5d6e7f') },
  'GET /api/photos/:photoId': { allowed: STAFF, request: fixed('/api/photos/0b7f3a52-6c1e-4d8a-9f10-2a3b4c5d6e7f') },
  'GET /api/site/place-codes': { allowed: ['admin'], request: fixed('/api/site/place-codes') },
  'PUT /api/site/scan-rules': {
    allowed: ['admin'],
    request: fixed('/api/site/scan-rules', { placeId: 'main-gate', step: 'materialPicked', required: false }),
  },
};

/** Routes every caller may reach by design: the API description and CORS preflights. */
const isOpenByDesign = (method: string, url: string) => url === '/api/docs' || url.startsWith('/api/docs/') || method === 'OPTIONS';

describe.each(testStoreKinds())('authorization on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const sample: Sample = { rideId: '', openRideId: '', requestId: '' };
  const as = (tokenNo: string) => ({ authorization: `Bearer ${tokens[tokenNo]}` });
  const call = (method: HTTPMethods, url: string, who: string | null, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, payload, headers: who ? as(who) : {} });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const people: Array<[string, Role, ('Forklift' | 'Crane')?]> = [
      ['RQ01', 'requester'],
      ['RQ02', 'requester'],
      ['F001', 'driver', 'Forklift'],
      ['F002', 'driver', 'Forklift'],
      ['C001', 'driver', 'Crane'],
      ['MH01', 'maintenanceHead'],
      ['AD01', 'admin'],
    ];
    await seedUsers(
      t.app,
      people.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    const booked = await call('POST', '/api/bookings/book-ride', 'RQ01', ride());
    sample.rideId = booked.json().rideId;
    expect((await call('POST', '/api/tracking/accept-ride', 'F001', { driverId: 'F001', rideId: sample.rideId })).statusCode).toBe(200);
    sample.openRideId = (
      await call('POST', '/api/bookings/book-ride', 'RQ01', ride({ toLocation: 'main gate', fromLocation: 'canteen' }))
    ).json().rideId;
    const filed = await call('POST', '/api/requests/maintenanceReq', 'F002', {
      driver_id: 'F002',
      driver_name: 'F002 Name',
      vehicle_type: 'Forklift',
      issue: 'Engine Issue',
      comment_text: '',
      status: 'pending',
      breakdown_type: 'full',
      ride_id: null,
    });
    expect(filed.statusCode).toBe(200);
    sample.requestId = filed.json().requestId;
    const position = await t.app.eventStore.headPosition();
    // The read models (which the guards of reads consult) have every sample before the matrix runs.
    await waitFor(
      async () => (await call('GET', `/api/tracking/ride-status/${sample.openRideId}?position=${position}`, 'AD01')).statusCode === 200,
      30_000,
      'read models',
    );
  });
  afterAll(async () => t.close());

  const routes = () => {
    const seen = new Set<string>();
    return t.app.registeredRoutes
      .filter(({ method, url }) => method !== 'HEAD' && !isOpenByDesign(method, url))
      .map(({ method, url }) => `${method} ${url}`)
      .filter((key) => !seen.has(key) && seen.add(key));
  };

  it('given the route table, then every route has a rule and every rule a route', () => {
    const keys = routes();
    expect(keys.length).toBeGreaterThan(40);
    expect(
      keys.filter((key) => !(key in RULES)),
      'routes without an authorization rule',
    ).toEqual([]);
    expect(
      Object.keys(RULES).filter((key) => !keys.includes(key)),
      'rules for routes that are gone',
    ).toEqual([]);
  });

  // A body no route accepts: the guard answers before validation would.
  const INVALID_BODY = { ['not a field']: '<b>x</b>', rideId: 42 };

  it('given every guarded route, when it is called without a session (with its body or one that fails validation), with a forged one or by a role that may not, then it is 401 or 403 and nothing is appended', async () => {
    const denied: string[] = [];
    const withInvalidBody: string[] = [];
    for (const key of routes()) {
      const rule = RULES[key]!;
      if (rule.allowed === 'public') continue;
      const [method, pattern] = key.split(' ') as [HTTPMethods, string];
      const before = await t.app.eventStore.headPosition();
      const anonymous = rule.request(sample, 'NOBODY');
      const noSession = await call(method, anonymous.url, null, anonymous.payload);
      expect(noSession.statusCode, `${key} without a session`).toBe(401);
      if (method !== 'GET' && method !== 'DELETE') {
        expect((await call(method, anonymous.url, null, INVALID_BODY)).statusCode, `${key} without a session, invalid body`).toBe(401);
        withInvalidBody.push(key);
      }
      for (const role of ROLES) {
        const caller = CALLERS[role];
        const { url, payload } = rule.request(sample, caller);
        if (rule.allowed === 'service') {
          expect((await call(method, url, caller, payload)).statusCode, `${key} with ${role}'s session`).toBe(401);
        } else if (!rule.allowed.includes(role)) {
          const answer = await call(method, url, caller, payload);
          expect(answer.statusCode, `${key} as ${role} ${caller}: ${answer.body}`).toBe(403);
          expect(answer.json().message, key).toEqual(expect.any(String));
          denied.push(`${key} ${role}`);
        } else if (method === 'GET' && pattern !== AUDIT_FEED_PATH) {
          const answer = await call(method, url, caller, payload);
          expect([401, 403], `${key} as ${role} is let through`).not.toContain(answer.statusCode);
        }
      }
      expect(await t.app.eventStore.headPosition(), `${key} appended on a refusal`).toBe(before);
    }
    // Each role is kept out of something.
    for (const role of ROLES)
      expect(
        denied.some((entry) => entry.endsWith(` ${role}`)),
        role,
      ).toBe(true);
    expect(withInvalidBody.length).toBeGreaterThan(10);
  });

  it('given an admin-only route, when a requester sends a body that fails validation, then it is 403 (the body is not even read); the admin gets 400', async () => {
    expect((await call('PUT', '/api/drivers/update', 'RQ01', INVALID_BODY)).statusCode).toBe(403);
    expect((await call('PUT', '/api/drivers/update', 'AD01', INVALID_BODY)).statusCode).toBe(400);
  });

  it('given a ride, then a requester cannot cancel another’s ride or read his history; a driver cannot step another driver’s ride or take a ride of another vehicle type', async () => {
    const before = await t.app.eventStore.headPosition();
    expect((await call('DELETE', `/api/bookings/cancel/${sample.rideId}`, 'RQ02')).statusCode).toBe(403);
    expect((await call('GET', '/api/ride-history/user?userId=RQ01', 'RQ02')).statusCode).toBe(403);
    expect((await call('GET', `/api/bookings/get-timestamps/${sample.rideId}`, 'RQ02')).statusCode).toBe(403);
    // F002 drives a Forklift too, but the ride is F001's.
    for (const event of ['start', 'materialPicked', 'materialDropped', 'end']) {
      expect((await call('PUT', '/api/bookings/update-timestamps', 'F002', { rideId: sample.rideId, event })).statusCode, event).toBe(403);
    }
    expect((await call('POST', '/api/tracking/complete-ride', 'F002', { rideId: sample.rideId })).statusCode).toBe(403);
    expect((await call('GET', '/api/ride-history?driverId=F001', 'F002')).statusCode).toBe(403);
    expect((await call('GET', '/api/ride-history/ongoing?driverId=F001', 'F002')).statusCode).toBe(403);
    // Accepting for another driver, or a ride of another vehicle type.
    expect((await call('POST', '/api/tracking/accept-ride', 'F002', { driverId: 'F001', rideId: sample.openRideId })).statusCode).toBe(403);
    expect((await call('POST', '/api/tracking/accept-ride', 'C001', { driverId: 'C001', rideId: sample.openRideId })).statusCode).toBe(403);
    expect(await t.app.eventStore.headPosition()).toBe(before);
    // The owners themselves are let through: the refusals above are about who, not what.
    expect((await call('GET', '/api/ride-history/user?userId=RQ01', 'RQ01')).statusCode).toBe(200);
    expect((await call('GET', '/api/ride-history?driverId=F001', 'F001')).statusCode).toBe(200);
    expect((await call('GET', '/api/ride-history/ongoing?driverId=F001', 'F001')).statusCode).toBe(200);
  });

  describe('sockets', () => {
    const open: LiveClient[] = [];
    afterAll(() => open.splice(0).forEach((client) => client.socket.disconnect()));

    it('given a requester’s socket, when it asks to track or join rooms it does not own, then it is refused and hears nothing of them', async () => {
      const url = await t.listen();
      const owner = await connectLive(url, { token: tokens.RQ01 });
      const intruder = await connectLive(url, { token: tokens.RQ02 });
      const craneDriver = await connectLive(url, { token: tokens.C001 });
      open.push(owner, intruder, craneDriver);
      const track = (client: LiveClient, request: unknown) =>
        client.socket.timeout(10_000).emitWithAck('trackRide', request) as Promise<{ ok: boolean }>;
      expect(await track(intruder, { rideId: sample.rideId })).toMatchObject({ ok: false });
      expect(await track(craneDriver, sample.rideId)).toMatchObject({ ok: false });
      expect(await track(owner, { rideId: sample.rideId })).toEqual({ ok: true });
      // No client event makes the server put a socket in a room: these are ignored.
      for (const room of [`ride:${sample.rideId}`, 'user:RQ01', 'driver:F001', 'vehicle:Forklift', 'staff']) {
        for (const name of ['join', 'joinRoom', 'subscribe']) intruder.socket.emit(name, room);
        craneDriver.socket.emit('join', room);
      }
      const started = await call('PUT', '/api/bookings/update-timestamps', 'F001', { rideId: sample.rideId, event: 'start' });
      expect(started.statusCode).toBe(200);
      // Last, a Crane ride: the Crane driver hears of it after every event before it has gone out to every socket.
      const craneRide = await call('POST', '/api/bookings/book-ride', 'RQ01', ride({ vehicleType: 'Crane' }));
      expect(craneRide.statusCode).toBe(200);
      const craneRideId = craneRide.json().rideId as string;
      await waitFor(() => craneDriver.names(craneRideId).includes('newRideRequest'), 15_000, 'the Crane driver to hear of the Crane ride');
      expect(owner.names(sample.rideId)).toContain('rideStarted');
      expect(intruder.received.filter((r) => r.payload.rideId === sample.rideId || r.payload.rideId === craneRideId)).toEqual([]);
      expect(craneDriver.received.filter((r) => r.payload.rideId !== craneRideId)).toEqual([]);
    });
  });
});
