import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VEHICLE_TYPES, driverRecordSchema, driverStreamId, userStreamId } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { bootstrapUsers, demoWanted, ensureAdmin, seedDemoUsers } from './bootstrap';
import { loadUser } from './user-stream';

const embedded = { DATABASE_URL: undefined, DEMO: '1', NODE_ENV: 'development', ADMIN_TOKEN_NO: undefined, ADMIN_PASSWORD: undefined };

describe('demo set switch', () => {
  it('given the embedded store outside production, then the demo set is wanted unless DEMO=0', () => {
    expect(demoWanted(embedded)).toBe(true);
    expect(demoWanted({ ...embedded, DEMO: '0' })).toBe(false);
    expect(demoWanted({ ...embedded, NODE_ENV: 'production' })).toBe(false);
    expect(demoWanted({ ...embedded, DATABASE_URL: 'postgres://db/plantride' })).toBe(false);
  });
});

describe.each(testStoreKinds())('start-up accounts on %s', (kind) => {
  let testApp: TestApp;
  const store = () => testApp.app.eventStore;
  const signIn = (tokenNo: string, password: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { token_no: tokenNo, password } });
  let printed: string[];
  const print = (text: string) => printed.push(text);

  beforeEach(async () => {
    testApp = await createTestApp(kind);
    printed = [];
  });
  afterEach(async () => testApp.close());

  it('given ADMIN_TOKEN_NO and ADMIN_PASSWORD, when the engine starts twice, then the admin is created once by the bootstrap and signs in', async () => {
    const config = { ...embedded, DEMO: '0', ADMIN_TOKEN_NO: 'AD99', ADMIN_PASSWORD: 'secret-admin' };
    expect((await bootstrapUsers(store(), config, print)).admin).toBe('created');
    const head = await store().headPosition();
    expect((await bootstrapUsers(store(), config, print)).admin).toBe('exists');
    expect(await store().headPosition()).toBe(head);
    const stored = await store().readStream(userStreamId('AD99'));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.metadata).toMatchObject({ actor: { system: 'bootstrap' } });
    expect((await signIn('AD99', 'secret-admin')).json().user.role).toBe('admin');
    expect(printed).toEqual([]);
  });

  it('given a requester who signed up on the admin token number first, when the admin is ensured, then it is held (the engine stops) and the account is left as it is', async () => {
    await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { token_no: 'AD99', password: 'mine-mine' } });
    const head = await store().headPosition();
    expect(await ensureAdmin(store(), { tokenNo: 'AD99', password: 'secret-admin' })).toBe('held');
    expect(
      (await bootstrapUsers(store(), { ...embedded, DEMO: '0', ADMIN_TOKEN_NO: 'AD99', ADMIN_PASSWORD: 'secret-admin' }, print)).admin,
    ).toBe('held');
    expect((await loadUser(store(), 'AD99'))?.role).toBe('requester');
    expect(await store().headPosition()).toBe(head);
  });

  it('given an empty embedded store, when the engine starts, then the demo set is created and printed once with every token and password', async () => {
    const { demo } = await bootstrapUsers(store(), embedded, print);
    expect(demo).toHaveLength(12);
    const roles = demo!.map((a) => a.role);
    expect(roles.filter((r) => r === 'admin')).toHaveLength(1);
    expect(roles.filter((r) => r === 'maintenanceHead')).toHaveLength(1);
    expect(roles.filter((r) => r === 'requester')).toHaveLength(2);
    for (const vehicle of VEHICLE_TYPES)
      expect(demo!.filter((a) => a.role === 'driver' && a.assignedVehicleType === vehicle)).toHaveLength(2);
    for (const account of demo!) {
      expect(account.tokenNo).toMatch(/^[A-Z0-9]{4,5}$/);
      expect(account.mobile).toMatch(/^\d{10}$/);
      expect(account.name).toMatch(/^[A-Za-z]+ [A-Za-z]+$/);
      expect(account.password.length).toBeGreaterThanOrEqual(8);
    }
    expect(new Set(demo!.map((a) => a.tokenNo)).size).toBe(12);
    expect(printed).toHaveLength(1);
    for (const account of demo!) {
      expect(printed[0]).toContain(account.tokenNo);
      expect(printed[0]).toContain(account.password);
    }

    const driver = demo!.find((a) => a.assignedVehicleType === 'Cherry Picker')!;
    expect((await signIn(driver.tokenNo, driver.password)).json().user).toMatchObject({
      role: 'driver',
      assignedVehicleType: 'Cherry Picker',
    });

    // Each demo driver has the admin's record too, so he can take rides and bookings find him.
    for (const account of demo!.filter((a) => a.role === 'driver')) {
      const [added] = await store().readStream(driverStreamId(account.tokenNo));
      expect(added?.type).toBe('DriverAdded');
      expect(added?.data).toMatchObject({
        operatorId: account.tokenNo,
        name: account.name,
        mobile: account.mobile,
        vehicleAssigned: account.assignedVehicleType,
        status: 'Active',
        role: 'Driver',
      });
      expect(driverRecordSchema.safeParse(added?.data).success).toBe(true);
    }
    const serials = await Promise.all(
      demo!
        .filter((a) => a.role === 'driver')
        .map(async (a) => ((await store().readStream(driverStreamId(a.tokenNo)))[0]?.data as { serial: number }).serial),
    );
    expect(new Set(serials).size).toBe(8);

    const head = await store().headPosition();
    expect((await bootstrapUsers(store(), embedded, print)).demo).toBeNull();
    expect(printed).toHaveLength(1);
    expect(await store().headPosition()).toBe(head);
  });

  it.each([
    ['DEMO=0', { DEMO: '0' }],
    ['production', { NODE_ENV: 'production' }],
    ['PostgreSQL', { DATABASE_URL: 'postgres://db/plantride' }],
  ])('given an empty store with %s, when the engine starts, then no demo accounts are created', async (_, overrides) => {
    const { demo } = await bootstrapUsers(store(), { ...embedded, ...overrides }, print);
    expect(demo).toBeNull();
    expect(printed).toEqual([]);
    expect(await store().headPosition()).toBe(0);
  });

  it('given a store with events, when demo users are seeded, then nothing is created', async () => {
    await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { token_no: 'AB12', password: 'pass' } });
    const head = await store().headPosition();
    expect(await seedDemoUsers(store())).toBeNull();
    expect((await bootstrapUsers(store(), embedded, print)).demo).toBeNull();
    expect(await store().headPosition()).toBe(head);
  });

  it('given an empty store and a configured admin on a demo token number, when the engine starts, then both are created and the admin keeps his password', async () => {
    const result = await bootstrapUsers(store(), { ...embedded, ADMIN_TOKEN_NO: 'AD01', ADMIN_PASSWORD: 'chosen-pass' }, print);
    expect(result.admin).toBe('created');
    expect(result.demo).toHaveLength(11);
    expect((await signIn('AD01', 'chosen-pass')).statusCode).toBe(200);
  });
});
