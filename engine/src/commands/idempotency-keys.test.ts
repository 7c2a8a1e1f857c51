import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyRequest, HTTPMethods } from 'fastify';
import { DEFAULT_CHECKLISTS, DEFAULT_DISPATCH_SETTINGS, SERVER_MESSAGES, rideStreamId, type Role } from '@plantride/schemas';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import type * as HttpCommand from './http-command';

// Which routes build a command context from the request, and so take an Idempotency-Key: recorded as they run, not listed by hand.
const keyed = vi.hoisted(() => new Set<string>());
vi.mock('./http-command', async (importOriginal) => {
  const original = await importOriginal<typeof HttpCommand>();
  return {
    ...original,
    httpCommandContext: (request: FastifyRequest, ...rest: [never, Date?]) => {
      keyed.add(`${request.method} ${request.routeOptions.url}`);
      return original.httpCommandContext(request, ...rest);
    },
  };
});

const HOUR = 3_600_000;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Call {
  who: string | null;
  method: HTTPMethods;
  url: string;
  payload?: Record<string, unknown>;
}
interface Case {
  first: Call;
  /** The same key with another request: another body, or other path parameters where the route takes no body. */
  other: Call;
  /** Answer fields a repeat cannot give again: a one-time code is shown once (only its hash is kept), and its message says so. */
  shownOnce?: string[];
}

const PEOPLE: Array<[string, Role, ('Forklift' | 'Crane')?]> = [
  ['RQ01', 'requester'],
  ['AD01', 'admin'],
  ['MH01', 'maintenanceHead'],
  ['C001', 'driver', 'Crane'],
  // On break from the break case on: offers of Crane rides go to C001 alone.
  ['C002', 'driver', 'Crane'],
  ...Array.from({ length: 16 }, (_, i) => [`F0${String(i + 10)}`, 'driver', 'Forklift'] as [string, Role, 'Forklift']),
  ...['P001', 'P002', 'P003', 'P004', 'U001', 'U002', 'U003', 'R001', 'L001'].map((tokenNo) => [tokenNo, 'requester'] as [string, Role]),
];
const driverRecord = (operatorId: string, changes: Record<string, unknown> = {}) => ({
  operatorId,
  vehicle: 'MH12 AB 1234',
  name: 'Ravi Kumar',
  mobile: '9876543210',
  forklift: '7',
  vehicleAssigned: 'Forklift',
  ...changes,
});
const inspected = (failed?: string) => ({
  items: DEFAULT_CHECKLISTS.Forklift.map(({ id }) => (id === failed ? { id, ok: false, note: 'cracked' } : { id, ok: true })),
});
const settings = (changes: Record<string, unknown>) => ({ ...DEFAULT_DISPATCH_SETTINGS, ...changes });

describe.each(testStoreKinds())('Idempotency-Key on every keyed route, on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = ({ who, method, url, payload }: Call, key?: string) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const ok = async (request: Call) => {
    const answer = await call(request);
    if (answer.statusCode !== 200)
      throw new Error(`setting up: ${request.method} ${request.url} answered ${answer.statusCode} ${answer.body}`);
    return answer.json() as Record<string, unknown>;
  };
  const book = async (toLocation = 'canteen', vehicleType = 'Forklift') =>
    String(
      (
        await ok({
          who: 'RQ01',
          method: 'POST',
          url: '/api/bookings/book-ride',
          payload: { userId: 'RQ01', fromLocation: 'main gate', toLocation, vehicleType, rideType: 'Regular' },
        })
      ).rideId,
    );
  const accepted = async (driverId: string) => {
    const rideId = await book();
    await ok({ who: driverId, method: 'POST', url: '/api/tracking/accept-ride', payload: { driverId, rideId } });
    return rideId;
  };
  const step = (driverId: string, rideId: string, event: string) =>
    ok({ who: driverId, method: 'PUT', url: '/api/bookings/update-timestamps', payload: { rideId, event } });
  const breakdown = (driverId: string, changes: Record<string, unknown> = {}) => ({
    driver_id: driverId,
    driver_name: `Driver ${driverId}`,
    vehicle_type: 'Forklift',
    issue: 'Engine Issue',
    comment_text: '',
    breakdown_type: 'partial',
    ride_id: null,
    ...changes,
  });
  const filed = async (driverId: string) =>
    String((await ok({ who: driverId, method: 'POST', url: '/api/requests/maintenanceReq', payload: breakdown(driverId) })).requestId);
  const registration = async (tokenNo: string) => {
    await ok({ who: 'AD01', method: 'POST', url: '/api/drivers/add', payload: driverRecord(tokenNo) });
    return tokenNo;
  };
  const resetCode = async (tokenNo: string) =>
    String((await ok({ who: 'AD01', method: 'POST', url: `/api/users/${tokenNo}/reset-code` })).activationCode);

  /**
   * One working request per route that changes state, and another under the same key. In this order: the last
   * ones change what every other relies on (offer dispatch, a required inspection).
   */
  const CASES: Record<string, () => Promise<Case>> = {
    'POST /api/auth/signup': async () => {
      const body = { token_no: 'SU01', password: 'Plant-ride-2026', name: 'New Person', mobile: '9876543210' };
      return {
        first: { who: null, method: 'POST', url: '/api/auth/signup', payload: body },
        other: { who: null, method: 'POST', url: '/api/auth/signup', payload: { ...body, password: 'Other-pass-2026' } },
      };
    },
    'POST /api/auth/reset-password': async () => {
      const body = { token_no: 'R001', activation_code: await resetCode('R001'), password: 'Plant-ride-2026' };
      return {
        first: { who: null, method: 'POST', url: '/api/auth/reset-password', payload: body },
        other: { who: null, method: 'POST', url: '/api/auth/reset-password', payload: { ...body, password: 'Other-pass-2026' } },
      };
    },
    'PUT /api/users/me/language': async () => ({
      first: { who: 'RQ01', method: 'PUT', url: '/api/users/me/language', payload: { language: 'mr' } },
      other: { who: 'RQ01', method: 'PUT', url: '/api/users/me/language', payload: { language: 'hi' } },
    }),
    'PUT /api/users/:tokenNo': async () => ({
      first: { who: 'AD01', method: 'PUT', url: '/api/users/U001', payload: { name: 'Renamed Once' } },
      other: { who: 'AD01', method: 'PUT', url: '/api/users/U001', payload: { name: 'Renamed Twice' } },
    }),
    'POST /api/users/:tokenNo/reset-code': async () => ({
      first: { who: 'AD01', method: 'POST', url: '/api/users/U002/reset-code' },
      other: { who: 'AD01', method: 'POST', url: '/api/users/U003/reset-code' },
      shownOnce: ['activationCode', 'message'],
    }),
    'POST /api/site/locations': async () => ({
      first: { who: 'AD01', method: 'POST', url: '/api/site/locations', payload: { name: 'Dock 7', x: 10, y: 10 } },
      other: { who: 'AD01', method: 'POST', url: '/api/site/locations', payload: { name: 'Dock 8', x: 10, y: 10 } },
    }),
    'PATCH /api/site/locations/:id': async () => {
      const { id } = await ok({ who: 'AD01', method: 'POST', url: '/api/site/locations', payload: { name: 'Dock 9', x: 20, y: 20 } });
      return {
        first: { who: 'AD01', method: 'PATCH', url: `/api/site/locations/${String(id)}`, payload: { name: 'Dock Nine' } },
        other: { who: 'AD01', method: 'PATCH', url: `/api/site/locations/${String(id)}`, payload: { name: 'Dock Ten' } },
      };
    },
    'PUT /api/site/routes': async () => ({
      first: { who: 'AD01', method: 'PUT', url: '/api/site/routes', payload: { from: 'main gate', to: 'canteen', minutes: 12 } },
      other: { who: 'AD01', method: 'PUT', url: '/api/site/routes', payload: { from: 'main gate', to: 'canteen', minutes: 13 } },
    }),
    'PUT /api/checklists/:vehicleType': async () => ({
      first: {
        who: 'AD01',
        method: 'PUT',
        url: '/api/checklists/Crane',
        payload: { items: [{ text: 'Hook latch closes', critical: true }] },
      },
      other: {
        who: 'AD01',
        method: 'PUT',
        url: '/api/checklists/Crane',
        payload: { items: [{ text: 'Hook latch opens', critical: true }] },
      },
    }),
    'POST /api/inspections': async () => ({
      first: { who: 'F010', method: 'POST', url: '/api/inspections', payload: inspected() },
      other: { who: 'F010', method: 'POST', url: '/api/inspections', payload: inspected('lights') },
    }),
    'POST /api/bookings/book-ride': async () => {
      const body = { userId: 'RQ01', fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', rideType: 'Regular' };
      return {
        first: { who: 'RQ01', method: 'POST', url: '/api/bookings/book-ride', payload: body },
        other: { who: 'RQ01', method: 'POST', url: '/api/bookings/book-ride', payload: { ...body, toLocation: 'RMS' } },
      };
    },
    'POST /api/tracking/accept-ride': async () => {
      const [rideId, otherRideId] = [await book(), await book('RMS')];
      return {
        first: { who: 'F011', method: 'POST', url: '/api/tracking/accept-ride', payload: { driverId: 'F011', rideId } },
        other: { who: 'F011', method: 'POST', url: '/api/tracking/accept-ride', payload: { driverId: 'F011', rideId: otherRideId } },
      };
    },
    'PUT /api/bookings/update-timestamps': async () => {
      const rideId = await accepted('F012');
      return {
        first: { who: 'F012', method: 'PUT', url: '/api/bookings/update-timestamps', payload: { rideId, event: 'start' } },
        other: { who: 'F012', method: 'PUT', url: '/api/bookings/update-timestamps', payload: { rideId, event: 'materialPicked' } },
      };
    },
    'POST /api/tracking/complete-ride': async () => {
      const rideId = await accepted('F013');
      for (const event of ['start', 'materialPicked', 'materialDropped']) await step('F013', rideId, event);
      const otherRideId = await book('RMS');
      return {
        first: { who: 'F013', method: 'POST', url: '/api/tracking/complete-ride', payload: { rideId } },
        other: { who: 'F013', method: 'POST', url: '/api/tracking/complete-ride', payload: { rideId: otherRideId } },
      };
    },
    // Issue #32 item 4: another driver is another request.
    'POST /api/rides/:rideId/assign': async () => {
      const rideId = await book();
      const assign = (driverId: string): Call => ({
        who: 'MH01',
        method: 'POST',
        url: `/api/rides/${rideId}/assign`,
        payload: { driverId, reason: 'Nearest to the dock' },
      });
      return { first: assign('F024'), other: assign('F025') };
    },
    // The wait alert as the timer records it, appended as it is: the acknowledgement reads the ride for it.
    'POST /api/board/alerts/acknowledge': async () => {
      const rideId = await book();
      const at = new Date().toISOString();
      const data = { rideId, requestedAt: at, dueAt: at, alertedAt: at };
      await t.app.eventStore.append(
        rideStreamId(rideId),
        'any',
        [{ eventId: randomUUID(), type: 'RideWaitAlerted', schemaVersion: 1, data }],
        {
          commandId: randomUUID(),
          actor: { system: 'test-seed' },
        },
      );
      const acknowledge = (alertId: string): Call => ({
        who: 'MH01',
        method: 'POST',
        url: '/api/board/alerts/acknowledge',
        payload: { alertId },
      });
      return { first: acknowledge(`${rideId}.wait`), other: acknowledge(`${rideId}.accept`) };
    },
    'PATCH /api/rides/:rideId/priority': async () => {
      const rideId = await book();
      return {
        first: { who: 'MH01', method: 'PATCH', url: `/api/rides/${rideId}/priority`, payload: { priority: 'urgent' } },
        other: { who: 'MH01', method: 'PATCH', url: `/api/rides/${rideId}/priority`, payload: { priority: 'normal' } },
      };
    },
    'DELETE /api/bookings/cancel/:rideId': async () => {
      const [rideId, otherRideId] = [await book(), await book()];
      return {
        first: { who: 'RQ01', method: 'DELETE', url: `/api/bookings/cancel/${rideId}` },
        other: { who: 'RQ01', method: 'DELETE', url: `/api/bookings/cancel/${otherRideId}` },
      };
    },
    'POST /api/drivers/add': async () => ({
      first: { who: 'AD01', method: 'POST', url: '/api/drivers/add', payload: driverRecord('N001') },
      other: { who: 'AD01', method: 'POST', url: '/api/drivers/add', payload: driverRecord('N001', { name: 'Another Name' }) },
      shownOnce: ['activationCode'],
    }),
    'PUT /api/drivers/update': async () => ({
      first: { who: 'AD01', method: 'PUT', url: '/api/drivers/update', payload: driverRecord('F014', { comments: 'night shift' }) },
      other: { who: 'AD01', method: 'PUT', url: '/api/drivers/update', payload: driverRecord('F014', { comments: 'day shift' }) },
    }),
    'PUT /api/drivers/toggle-access': async () => ({
      first: { who: 'AD01', method: 'PUT', url: '/api/drivers/toggle-access', payload: { driverId: 'F015', active: 0 } },
      other: { who: 'AD01', method: 'PUT', url: '/api/drivers/toggle-access', payload: { driverId: 'F015', active: 1 } },
    }),
    'POST /api/drivers/registrations/:tokenNo/approve': async () => {
      const [tokenNo, otherTokenNo] = [await registration('P001'), await registration('P002')];
      return {
        first: { who: 'AD01', method: 'POST', url: `/api/drivers/registrations/${tokenNo}/approve` },
        other: { who: 'AD01', method: 'POST', url: `/api/drivers/registrations/${otherTokenNo}/approve` },
      };
    },
    'POST /api/drivers/registrations/:tokenNo/reject': async () => {
      const [tokenNo, otherTokenNo] = [await registration('P003'), await registration('P004')];
      return {
        first: { who: 'AD01', method: 'POST', url: `/api/drivers/registrations/${tokenNo}/reject` },
        other: { who: 'AD01', method: 'POST', url: `/api/drivers/registrations/${otherTokenNo}/reject` },
      };
    },
    'POST /api/drivers/shift': async () => ({
      first: { who: 'F016', method: 'POST', url: '/api/drivers/shift', payload: { on: true, location: 'main gate' } },
      other: { who: 'F016', method: 'POST', url: '/api/drivers/shift', payload: { on: true, location: 'canteen' } },
    }),
    'POST /api/drivers/break': async () => {
      await ok({ who: 'C002', method: 'POST', url: '/api/drivers/shift', payload: { on: true, location: 'main gate' } });
      return {
        first: { who: 'C002', method: 'POST', url: '/api/drivers/break', payload: { on: true } },
        other: { who: 'C002', method: 'POST', url: '/api/drivers/break', payload: { on: false } },
      };
    },
    'POST /api/requests/maintenanceReq': async () => ({
      first: { who: 'F017', method: 'POST', url: '/api/requests/maintenanceReq', payload: breakdown('F017') },
      other: { who: 'F017', method: 'POST', url: '/api/requests/maintenanceReq', payload: breakdown('F017', { issue: 'Tyre Puncture' }) },
    }),
    'PUT /api/requests/maintenanceReq/:id/comment': async () => {
      const id = await filed('F018');
      return {
        first: { who: 'MH01', method: 'PUT', url: `/api/requests/maintenanceReq/${id}/comment`, payload: { comment_text: 'seen' } },
        other: { who: 'MH01', method: 'PUT', url: `/api/requests/maintenanceReq/${id}/comment`, payload: { comment_text: 'seen twice' } },
      };
    },
    'PUT /api/requests/:id/status': async () => {
      const id = await filed('F019');
      return {
        first: { who: 'MH01', method: 'PUT', url: `/api/requests/${id}/status`, payload: { status: 'accepted', maintenance_date: null } },
        other: {
          who: 'MH01',
          method: 'PUT',
          url: `/api/requests/${id}/status`,
          payload: { status: 'rejected', maintenance_date: null, reason: 'fixed on site' },
        },
      };
    },
    'PUT /api/requests/unblock-driver': async () => {
      await filed('F020');
      return {
        first: {
          who: 'MH01',
          method: 'PUT',
          url: '/api/requests/unblock-driver',
          payload: { driverId: 'F020', reason: 'maintenance_completed' },
        },
        other: {
          who: 'MH01',
          method: 'PUT',
          url: '/api/requests/unblock-driver',
          payload: { driverId: 'F020', reason: 'maintenance_rejected' },
        },
      };
    },
    'POST /api/maintenance/redistribute-ride': async () => {
      const rideId = await accepted('F021');
      const body = {
        rideId,
        originalDriverId: 'F021',
        vehicleType: 'Forklift',
        maintenanceComment: 'brakes',
        rideData: { RIDE_ID: rideId },
      };
      return {
        first: { who: 'MH01', method: 'POST', url: '/api/maintenance/redistribute-ride', payload: body },
        other: {
          who: 'MH01',
          method: 'POST',
          url: '/api/maintenance/redistribute-ride',
          payload: { ...body, maintenanceComment: 'tyres' },
        },
      };
    },
    'POST /api/maintenance/accept-redistributed-ride': async () => {
      const rideId = await accepted('F022');
      await ok({
        who: 'MH01',
        method: 'POST',
        url: '/api/maintenance/redistribute-ride',
        payload: { rideId, originalDriverId: 'F022', vehicleType: 'Forklift', maintenanceComment: 'brakes', rideData: { RIDE_ID: rideId } },
      });
      const otherRideId = await book('RMS');
      return {
        first: { who: 'F023', method: 'POST', url: '/api/maintenance/accept-redistributed-ride', payload: { rideId, newDriverId: 'F023' } },
        other: {
          who: 'F023',
          method: 'POST',
          url: '/api/maintenance/accept-redistributed-ride',
          payload: { rideId: otherRideId, newDriverId: 'F023' },
        },
      };
    },
    'POST /api/auth/logout': async () => ({
      first: { who: 'L001', method: 'POST', url: '/api/auth/logout' },
      other: { who: 'L001', method: 'POST', url: '/api/auth/logout', payload: { everywhere: true } },
    }),
    'POST /api/tracking/decline-offer': async () => {
      await ok({ who: 'AD01', method: 'PUT', url: '/api/dispatch/settings', payload: settings({ mode: 'offer', offerSeconds: 300 }) });
      await ok({ who: 'C001', method: 'POST', url: '/api/drivers/shift', payload: { on: true, location: 'main gate' } });
      const [rideId, otherRideId] = [await book('canteen', 'Crane'), await book('RMS', 'Crane')];
      return {
        first: { who: 'C001', method: 'POST', url: '/api/tracking/decline-offer', payload: { rideId } },
        other: { who: 'C001', method: 'POST', url: '/api/tracking/decline-offer', payload: { rideId: otherRideId } },
      };
    },
    'PUT /api/dispatch/settings': async () => ({
      first: { who: 'AD01', method: 'PUT', url: '/api/dispatch/settings', payload: settings({ offerSeconds: 40 }) },
      other: { who: 'AD01', method: 'PUT', url: '/api/dispatch/settings', payload: settings({ offerSeconds: 50 }) },
    }),
    'PUT /api/inspections/settings': async () => ({
      first: { who: 'AD01', method: 'PUT', url: '/api/inspections/settings', payload: { inspectionRequired: true } },
      other: { who: 'AD01', method: 'PUT', url: '/api/inspections/settings', payload: { inspectionRequired: false } },
    }),
  };

  /** Routes that change nothing, so take no key: a check against the store, or a sign-in. Each with a request that reaches its handler. */
  // Issue #33: a service account (with its key, shown once), a key rotation, a revocation, a trigger set and removed.
  const account = async (name: string): Promise<string> =>
    (
      await call(
        { who: 'AD01', method: 'POST', url: '/api/service-accounts', payload: { name, scopes: ['orders:write'] } },
        `account-${name}-${kind}`,
      )
    ).json<{
      accountId: string;
    }>().accountId;
  const trigger = { fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift' };
  Object.assign(CASES, {
    // Issue #33 item 4: AMR robots and the places' nodes.
    'POST /api/amrs': async () => ({
      first: {
        who: 'AD01',
        method: 'POST',
        url: '/api/amrs',
        payload: { name: 'Keyed robot', manufacturer: 'Acme', serialNumber: `K1-${kind}` },
      },
      other: {
        who: 'AD01',
        method: 'POST',
        url: '/api/amrs',
        payload: { name: 'Keyed robot', manufacturer: 'Acme', serialNumber: `K2-${kind}` },
      },
    }),
    'PUT /api/amrs/nodes': async () => ({
      first: { who: 'AD01', method: 'PUT', url: '/api/amrs/nodes', payload: { nodes: [{ placeId: 'main-gate', nodeId: 'N1' }] } },
      other: { who: 'AD01', method: 'PUT', url: '/api/amrs/nodes', payload: { nodes: [{ placeId: 'canteen', nodeId: 'N2' }] } },
    }),
    'POST /api/service-accounts': async () => ({
      first: { who: 'AD01', method: 'POST', url: '/api/service-accounts', payload: { name: 'MES', scopes: ['orders:write'] } },
      other: { who: 'AD01', method: 'POST', url: '/api/service-accounts', payload: { name: 'WMS', scopes: ['orders:write'] } },
      shownOnce: ['apiKey', 'message'],
    }),
    'POST /api/service-accounts/:accountId/rotate': async () => {
      const [one, two] = [await account('Rotated one'), await account('Rotated two')];
      return {
        first: { who: 'AD01', method: 'POST', url: `/api/service-accounts/${one}/rotate`, payload: {} },
        other: { who: 'AD01', method: 'POST', url: `/api/service-accounts/${two}/rotate`, payload: {} },
        shownOnce: ['apiKey', 'message'],
      };
    },
    'DELETE /api/service-accounts/:accountId': async () => {
      const [one, two] = [await account('Revoked one'), await account('Revoked two')];
      return {
        first: { who: 'AD01', method: 'DELETE', url: `/api/service-accounts/${one}` },
        other: { who: 'AD01', method: 'DELETE', url: `/api/service-accounts/${two}` },
      };
    },
    'PUT /api/service-accounts/:accountId/triggers/:triggerId': async () => {
      const one = await account('Triggered');
      return {
        first: { who: 'AD01', method: 'PUT', url: `/api/service-accounts/${one}/triggers/t1`, payload: trigger },
        other: { who: 'AD01', method: 'PUT', url: `/api/service-accounts/${one}/triggers/t1`, payload: { ...trigger, windowSeconds: 5 } },
      };
    },
    'DELETE /api/service-accounts/:accountId/triggers/:triggerId': async () => {
      const one = await account('Untriggered');
      for (const id of ['t1', 't2'])
        await call(
          { who: 'AD01', method: 'PUT', url: `/api/service-accounts/${one}/triggers/${id}`, payload: trigger },
          `${one}-${id}-${kind}`,
        );
      return {
        first: { who: 'AD01', method: 'DELETE', url: `/api/service-accounts/${one}/triggers/t1` },
        other: { who: 'AD01', method: 'DELETE', url: `/api/service-accounts/${one}/triggers/t2` },
      };
    },
    'PUT /api/site/scan-rules': async () => ({
      first: { who: 'AD01', method: 'PUT', url: '/api/site/scan-rules', payload: { placeId: 'main-gate', step: 'start', required: true } },
      other: { who: 'AD01', method: 'PUT', url: '/api/site/scan-rules', payload: { placeId: 'canteen', step: 'start', required: true } },
    }),
  } satisfies Record<string, () => Promise<Case>>);
  // The /api/v1 commands, with a service account's key (kept as the caller 'SVC'): an order, its cancelling, a trigger's press.
  let machine: string | null = null;
  const machineAccount = async () => {
    if (machine) return machine;
    const created = await ok({
      who: 'AD01',
      method: 'POST',
      url: '/api/service-accounts',
      payload: { name: 'PLC', scopes: ['orders:write', 'webhooks:manage'] },
    });
    tokens.SVC = String(created.apiKey);
    machine = String(created.accountId);
    return machine;
  };
  const order = (externalRef: string) => ({
    externalRef,
    requester: 'RQ01',
    fromLocation: 'main gate',
    toLocation: 'canteen',
    vehicleType: 'Forklift',
  });
  const placed = async (externalRef: string) => {
    await machineAccount();
    const answer = await call({ who: 'SVC', method: 'POST', url: '/api/v1/orders', payload: order(externalRef) });
    if (answer.statusCode !== 201) throw new Error(`setting up: order ${externalRef} answered ${answer.statusCode} ${answer.body}`);
    return externalRef;
  };
  const subscription = async (path: string) => {
    await machineAccount();
    const answer = await call({
      who: 'SVC',
      method: 'POST',
      url: '/api/v1/webhooks',
      payload: { url: `http://127.0.0.1:9/${path}`, events: ['rides'] },
    });
    if (answer.statusCode !== 200) throw new Error(`setting up: webhook ${path} answered ${answer.statusCode} ${answer.body}`);
    return answer.json<{ subscriptionId: string }>().subscriptionId;
  };
  Object.assign(CASES, {
    'POST /api/v1/orders': async () => {
      await machineAccount();
      return {
        first: { who: 'SVC', method: 'POST', url: '/api/v1/orders', payload: order('K-1') },
        other: { who: 'SVC', method: 'POST', url: '/api/v1/orders', payload: order('K-2') },
      };
    },
    'DELETE /api/v1/orders/:externalRef': async () => {
      const [one, two] = [await placed('K-3'), await placed('K-4')];
      return {
        first: { who: 'SVC', method: 'DELETE', url: `/api/v1/orders/${one}` },
        other: { who: 'SVC', method: 'DELETE', url: `/api/v1/orders/${two}` },
      };
    },
    'POST /api/v1/webhooks': async () => {
      await machineAccount();
      const hook = (path: string) => ({ url: `http://127.0.0.1:9/${path}`, events: ['rides'] });
      return {
        first: { who: 'SVC', method: 'POST', url: '/api/v1/webhooks', payload: hook('one') },
        other: { who: 'SVC', method: 'POST', url: '/api/v1/webhooks', payload: hook('two') },
        shownOnce: ['secret', 'message'],
      };
    },
    'POST /api/v1/webhooks/:subscriptionId/rotate-secret': async () => {
      const [one, two] = [await subscription('rot-1'), await subscription('rot-2')];
      return {
        first: { who: 'SVC', method: 'POST', url: `/api/v1/webhooks/${one}/rotate-secret`, payload: {} },
        other: { who: 'SVC', method: 'POST', url: `/api/v1/webhooks/${two}/rotate-secret`, payload: {} },
        shownOnce: ['secret', 'message'],
      };
    },
    'POST /api/v1/webhooks/:subscriptionId/replay': async () => {
      const one = await subscription('replayed');
      return {
        first: { who: 'SVC', method: 'POST', url: `/api/v1/webhooks/${one}/replay`, payload: { fromPosition: 1 } },
        other: { who: 'SVC', method: 'POST', url: `/api/v1/webhooks/${one}/replay`, payload: { fromPosition: 2 } },
      };
    },
    'DELETE /api/v1/webhooks/:subscriptionId': async () => {
      const [one, two] = [await subscription('gone-1'), await subscription('gone-2')];
      return {
        first: { who: 'SVC', method: 'DELETE', url: `/api/v1/webhooks/${one}` },
        other: { who: 'SVC', method: 'DELETE', url: `/api/v1/webhooks/${two}` },
      };
    },
    'POST /api/v1/triggers/:triggerId': async () => {
      const accountId = await machineAccount();
      for (const id of ['press-1', 'press-2'])
        await ok({ who: 'AD01', method: 'PUT', url: `/api/service-accounts/${accountId}/triggers/${id}`, payload: trigger });
      return {
        first: { who: 'SVC', method: 'POST', url: '/api/v1/triggers/press-1' },
        other: { who: 'SVC', method: 'POST', url: '/api/v1/triggers/press-2' },
      };
    },
  } satisfies Record<string, () => Promise<Case>>);

  const UNKEYED: Record<string, Call> = {
    'POST /api/auth/signin': {
      who: null,
      method: 'POST',
      url: '/api/auth/signin',
      payload: { token_no: 'RQ01', password: 'not-his-1234' },
    },
    'POST /api/ride-history': {
      who: 'AD01',
      method: 'POST',
      url: '/api/ride-history',
      payload: {
        rideId: 'NOSUCH01',
        userId: 'RQ01',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        status: 'accepted',
        rideType: 'Regular',
      },
    },
    'PUT /api/ride-history/update-status/user/:rideId': {
      who: 'AD01',
      method: 'PUT',
      url: '/api/ride-history/update-status/user/NOSUCH01',
      payload: { status: 'accepted' },
    },
    // Issue #34 item 1: a device's push subscription is kept or dropped, no event; the same call twice is the same state.
    'POST /api/push/subscriptions': {
      who: 'C001',
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'A'.repeat(87), auth: 'A'.repeat(22) } },
    },
    'DELETE /api/push/subscriptions': {
      who: 'C001',
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/x' },
    },
    // Issue #34: a photo is stored under the id the phone chose, once; no event, so no key. JSON is no JPEG: 415.
    'PUT /api/photos/:photoId': {
      who: 'F010',
      method: 'PUT',
      url: '/api/photos/0b7f3a52-6c1e-4d8a-9f10-2a3b4c5d6e7f',
      payload: { photo: 'not bytes' },
    },
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      timers: { reassignTimeoutMs: HOUR, rideWaitAlertMs: HOUR },
      // The webhook cases subscribe a loopback URL nothing listens on.
      config: { ...loadConfig(), WEBHOOK_ALLOWED_HOSTS: ['127.0.0.1'], WEBHOOK_ALLOW_PRIVATE: true },
    });
    await seedUsers(
      t.app,
      PEOPLE.map(([tokenNo, role, vehicleType]) => ({ tokenNo, role, vehicleType })),
    );
    for (const [tokenNo, role] of PEOPLE) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
  }, 120_000);
  afterAll(async () => t?.close());

  const changingRoutes = () => [
    ...new Set(t.app.registeredRoutes.filter(({ method }) => STATE_CHANGING.has(method)).map(({ method, url }) => `${method} ${url}`)),
  ];

  it('given the route table, then every route that changes state has a case here, or is one that takes no key', () => {
    const routes = changingRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => !(route in CASES) && !(route in UNKEYED))).toEqual([]);
    expect(Object.keys({ ...CASES, ...UNKEYED }).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('given each keyed route, when a request is sent again with its key, then the first answer returns and nothing is appended; when the key comes with another request, then 422 with one message and nothing is appended', async () => {
    const head = () => t.app.eventStore.headPosition();
    const without = (body: Record<string, unknown>, fields: string[] = []) =>
      Object.fromEntries(Object.entries(body).filter(([field]) => !fields.includes(field)));
    let index = 0;
    for (const [route, setUp] of Object.entries(CASES)) {
      const { first, other, shownOnce } = await setUp();
      const key = `key-${kind}-${++index}`;
      const answered = await call(first, key);
      expect(answered.statusCode, `${route}: ${answered.body}`).toBeLessThan(300);
      expect(keyed.has(route), `${route} builds its command from the request`).toBe(true);
      const after = await head();

      const repeated = await call(first, key);
      expect(repeated.statusCode, `${route} repeated: ${repeated.body}`).toBe(answered.statusCode);
      expect(without(repeated.json(), shownOnce), `${route} repeated`).toEqual(without(answered.json(), shownOnce));
      expect(await head(), `${route} repeated appended`).toBe(after);

      const reused = await call(other, key);
      expect(reused.statusCode, `${route} with another request: ${reused.body}`).toBe(422);
      expect(reused.json(), route).toEqual({ message: SERVER_MESSAGES.idempotencyKeyReused });
      expect(await head(), `${route} with another request appended`).toBe(after);
    }
    for (const [route, request] of Object.entries(UNKEYED)) {
      const answer = await call(request, 'unkeyed');
      expect(answer.statusCode, `${route}: ${answer.body}`).toBeLessThan(500);
      expect(keyed.has(route), `${route} takes no key`).toBe(false);
    }
  }, 300_000);

  it('given a booking sent with a key, when it is sent again with its fields in another order, then it is the same request: the first answer, nothing appended', async () => {
    const body = { userId: 'RQ01', fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', rideType: 'Regular' };
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const first = await call({ who: 'RQ01', method: 'POST', url: '/api/bookings/book-ride', payload: body }, `reordered-${kind}`);
    const after = await t.app.eventStore.headPosition();
    const again = await call({ who: 'RQ01', method: 'POST', url: '/api/bookings/book-ride', payload: reordered }, `reordered-${kind}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.app.eventStore.headPosition()).toBe(after);
  });
});
