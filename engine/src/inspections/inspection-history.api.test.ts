import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSPECTION_QUERY_MESSAGES,
  driverStreamId,
  inspectionListAnswerSchema,
  pageLimitMessage,
  plantDayOf,
  shiftDay,
  type Checklist,
  type DriverListRow,
  type InspectionListAnswer,
  type InspectionResult,
} from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedUsers } from '../test-support/seed';
import { connectLive, type LiveClient } from '../test-support/live-client';

describe.each(testStoreKinds())('inspection history API on %s', (kind) => {
  let t: TestApp;
  let staff: LiveClient;
  const tokens: Record<string, string> = {};
  const results: Record<string, InspectionResult> = {};
  let yesterdayAt = '';
  const call = (tokenNo: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: tokenNo ? { authorization: `Bearer ${tokens[tokenNo]}` } : {} });
  const list = async (query = '', who = 'MH01'): Promise<InspectionListAnswer> => {
    const answer = await call(who, 'GET', `/api/inspections${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return inspectionListAnswerSchema.strict().parse(answer.json());
  };
  const ids = async (query = '') => (await list(query)).inspections.map((row) => row.operatorId);
  /** Every item answered ok, but those in `fail` (with a note). */
  const inspect = async (tokenNo: string, fail: string[] = []) => {
    const type = tokenNo === 'D004' ? 'Crane' : 'Forklift';
    const checklist = (await call(tokenNo, 'GET', `/api/checklists/${type}`)).json<Checklist>();
    const items = checklist.items.map((item) =>
      fail.includes(item.id) ? { id: item.id, ok: false, note: `${item.id} broken` } : { id: item.id, ok: true },
    );
    const answer = await call(tokenNo, 'POST', '/api/inspections', { items });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json<InspectionResult>();
    expect(await t.app.projections.waitForPosition(result.position, 10_000)).toBe(true);
    return result;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const people = [
      ['AD01', 'admin'],
      ['MH01', 'maintenanceHead'],
      ['RQ01', 'requester'],
      ['D001', 'driver'],
      ['D002', 'driver'],
      ['D003', 'driver'],
      ['D004', 'driver'],
    ] as const;
    await seedUsers(
      t.app,
      people.map(([tokenNo, role]) => ({
        tokenNo,
        role,
        ...(role === 'driver' ? { vehicleType: tokenNo === 'D004' ? ('Crane' as const) : ('Forklift' as const) } : {}),
      })),
    );
    for (const [tokenNo, role] of people) tokens[tokenNo] = await t.tokenFor(tokenNo, role);
    staff = await connectLive(await t.listen(), { token: tokens.AD01 });

    // D003 inspected yesterday only: stored as it would have been then.
    yesterdayAt = new Date(Date.now() - 86_400_000).toISOString();
    const items = [{ id: 'brakes', text: 'Brakes work and hold', critical: true, ok: true, note: null }];
    const data = {
      inspectionId: 'IYESTERDAY',
      operatorId: 'D003',
      vehicleType: 'Forklift',
      vehicleNumber: 'MH12 OLD',
      day: plantDayOf(yesterdayAt),
      items,
      passed: true,
      inspectedAt: yesterdayAt,
    };
    const stored = await t.app.eventStore.append(
      driverStreamId('D003'),
      'any',
      [{ eventId: randomUUID(), type: 'VehicleInspected', schemaVersion: 1, data }],
      { commandId: randomUUID(), actor: { tokenNo: 'D003', role: 'driver' } },
    );
    expect(await t.app.projections.waitForPosition(stored.position, 10_000)).toBe(true);

    results.D001 = await inspect('D001', ['lights']);
    results.D002 = await inspect('D002', ['brakes', 'tyres']);
    results.D004 = await inspect('D004');
  });
  afterAll(async () => {
    staff?.socket.close();
    await t.close();
  });

  it('given inspections passed, failed and missing, when staff list them, then newest first, each with its items, defects and the request a failed critical item filed', async () => {
    const answer = await list();
    expect(answer).toMatchObject({ total: 4, limit: 100, offset: 0 });
    expect(answer.inspections.map((row) => [row.operatorId, row.passed])).toEqual([
      ['D004', true],
      ['D002', false],
      ['D001', true],
      ['D003', true],
    ]);
    const failed = answer.inspections[1]!;
    expect(failed).toMatchObject({
      inspectionId: results.D002!.inspectionId,
      driverName: 'User D002',
      vehicleType: 'Forklift',
      day: plantDayOf(new Date()),
      defects: ['Brakes work and hold', 'Tyres or wheels undamaged'],
      maintenanceRequestId: results.D002!.maintenanceRequestId,
    });
    expect(failed.maintenanceRequestId).toEqual(expect.any(String));
    expect(failed.items.find((item) => item.id === 'brakes')).toEqual({
      id: 'brakes',
      text: 'Brakes work and hold',
      critical: true,
      ok: false,
      note: 'brakes broken',
    });
    expect(failed.items.find((item) => item.id === 'horn')).toEqual({
      id: 'horn',
      text: 'Horn sounds',
      critical: true,
      ok: true,
      note: null,
    });
    // A failed non-critical item passes, and files nothing.
    expect(answer.inspections[2]).toMatchObject({ passed: true, defects: ['Lights and beacon work'], maintenanceRequestId: null });
    expect(answer.inspections[3]).toMatchObject({ inspectionId: 'IYESTERDAY', inspectedAt: yesterdayAt, day: plantDayOf(yesterdayAt) });
  });

  it('given the filters, then each narrows the list, days inclusive, and a page is a slice with the total', async () => {
    const today = plantDayOf(new Date());
    const yesterday = plantDayOf(yesterdayAt);
    expect(await ids('?operatorId=d002')).toEqual(['D002']);
    expect(await ids('?vehicleType=Crane')).toEqual(['D004']);
    expect(await ids('?vehicle=old')).toEqual(['D003']);
    expect(await ids(`?from=${today}`)).toEqual(['D004', 'D002', 'D001']);
    expect(await ids(`?to=${yesterday}`)).toEqual(['D003']);
    expect(await ids(`?from=${yesterday}&to=${today}`)).toEqual(['D004', 'D002', 'D001', 'D003']);
    expect(await ids(`?from=${shiftDay(today, 1)}`)).toEqual([]);
    expect(await ids('?passed=false')).toEqual(['D002']);
    expect(await ids('?passed=true&vehicleType=Forklift')).toEqual(['D001', 'D003']);
    expect(await ids('?passed=&vehicle=')).toHaveLength(4);
    const page = await list('?limit=2&offset=1');
    expect([page.inspections.map((row) => row.operatorId), page.total, page.limit, page.offset]).toEqual([['D002', 'D001'], 4, 2, 1]);
  });

  it('given bad query input, then 400 with a clear message, never a 500', async () => {
    const cases: Array<[string, string]> = [
      ['?from=01/03/2026', INSPECTION_QUERY_MESSAGES.day],
      ['?to=2026-02-30', INSPECTION_QUERY_MESSAGES.day],
      ['?from=2026-03-02&to=2026-03-01', INSPECTION_QUERY_MESSAGES.range],
      ['?passed=yes', INSPECTION_QUERY_MESSAGES.passed],
      ['?vehicleType=Tractor', INSPECTION_QUERY_MESSAGES.vehicleType],
      [`?vehicle=${'x'.repeat(61)}`, INSPECTION_QUERY_MESSAGES.text],
      ['?limit=0', pageLimitMessage(500)],
      ['?limit=501', pageLimitMessage(500)],
    ];
    for (const [query, message] of cases) {
      const answer = await call('AD01', 'GET', `/api/inspections${query}`);
      expect([query, answer.statusCode, answer.json().message]).toEqual([query, 400, message]);
    }
  });

  it('given a driver, a requester or no session, then 403, 403 and 401; admin and maintenance head may read', async () => {
    expect((await call('D001', 'GET', '/api/inspections')).statusCode).toBe(403);
    expect((await call('RQ01', 'GET', '/api/inspections')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/inspections')).statusCode).toBe(401);
    expect((await list('', 'AD01')).total).toBe(4);
  });

  it("given today's inspections, then getDrivers says passed, failed or missing (a past day's reads missing) and when each last inspected; a driver reads his own", async () => {
    const answer = await call('AD01', 'GET', '/api/drivers/getDrivers');
    const rows = new Map(answer.json<{ drivers: DriverListRow[] }>().drivers.map((row) => [row.OPERATOR_ID, row]));
    const all = (await list()).inspections;
    const at = (operatorId: string) => all.find((row) => row.operatorId === operatorId)!.inspectedAt;
    expect(
      ['D001', 'D002', 'D003', 'D004'].map((id) => [
        id,
        rows.get(id)?.INSPECTION_TODAY,
        rows.get(id)?.LAST_INSPECTED_AT,
        rows.get(id)?.BLOCKED_FOR_MAINTENANCE,
      ]),
    ).toEqual([
      ['D001', 'passed', at('D001'), 0],
      ['D002', 'failed', at('D002'), 1],
      ['D003', 'missing', yesterdayAt, 0],
      ['D004', 'passed', at('D004'), 0],
    ]);
    await seedUsers(t.app, [{ tokenNo: 'D005', role: 'driver', vehicleType: 'Forklift' }]);
    tokens.D005 = await t.tokenFor('D005', 'driver');
    const fresh = await call('D005', 'GET', '/api/drivers/getSpecificDriver/D005');
    expect(fresh.json().driver[0]).toMatchObject({ OPERATOR_ID: 'D005', INSPECTION_TODAY: 'missing' });
    expect(
      (await call('AD01', 'GET', '/api/drivers/getDrivers'))
        .json<{ drivers: DriverListRow[] }>()
        .drivers.find((row) => row.OPERATOR_ID === 'D005'),
    ).toMatchObject({ INSPECTION_TODAY: 'missing', LAST_INSPECTED_AT: null });
    expect((await call('D002', 'GET', '/api/drivers/getSpecificDriver/D002')).json().driver[0]).toMatchObject({
      INSPECTION_TODAY: 'failed',
      BLOCKED_FOR_MAINTENANCE: 1,
    });
    expect((await call('D003', 'GET', '/api/drivers/getSpecificDriver/D003')).json().driver[0]).toMatchObject({
      INSPECTION_TODAY: 'missing',
    });
    // A later inspection on the same day is the one that counts.
    await inspect('D003', ['lights']);
    expect((await call('D003', 'GET', '/api/drivers/getSpecificDriver/D003')).json().driver[0]).toMatchObject({
      INSPECTION_TODAY: 'passed',
    });
  });

  it('given inspections, then staff hear vehicleInspected with the driver, the inspection, whether it passed and its position', async () => {
    await waitFor(
      async () => staff.received.filter((r) => r.name === 'vehicleInspected').length >= 4,
      10_000,
      'staff hear the inspections',
    );
    const heard = staff.received.filter((r) => r.name === 'vehicleInspected').map((r) => r.payload);
    expect(heard.slice(0, 4)).toEqual([
      { operatorId: 'D003', inspectionId: 'IYESTERDAY', passed: true, position: expect.any(Number) },
      { operatorId: 'D001', inspectionId: results.D001!.inspectionId, passed: true, position: expect.any(Number) },
      { operatorId: 'D002', inspectionId: results.D002!.inspectionId, passed: false, position: expect.any(Number) },
      { operatorId: 'D004', inspectionId: results.D004!.inspectionId, passed: true, position: expect.any(Number) },
    ]);
  });
});
