import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { AMR_MESSAGES, robotOperatorId, siteOf, type RobotsAnswer } from '@plantride/schemas';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { seedPeople } from '../test-support/people';
import { START, type RecordedEvent } from '../event-store/event-store';
import { loadConfig } from '../config';
import { VirtualAgv } from './virtual-agv';
import { header, idleState, vdaTopic, type VdaState } from './protocol';

/*
 * Issue #33 items 4 and 6: AMR robots driven over VDA 5050 through the real Mosquitto broker, on each
 * store. Virtual robots (virtual-agv.ts) take AMR rides booked by people: a full ride; a FATAL error
 * and a lost connection mid-ride (maintenance request, ride handed on and order cancelled, in one
 * append; another robot takes it over); a restart mid-order; MANUAL mode and low battery; duplicate and
 * out-of-order header ids.
 */
const MQTT_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const MANUFACTURER = 'PlantRideTest';
const GRACE_MS = 1_500;
type Body = Record<string, unknown>;

describe.each(testStoreKinds())('AMR robots over VDA 5050, on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<string, string> = {};
  const robots: VirtualAgv[] = [];
  const clients: MqttClient[] = [];
  // Nodes of three places of the spec's plant, and their names.
  let places: { id: string; name: string; node: string }[] = [];

  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
  const allEvents = () => t.app.eventStore.readAll(START, 100_000);
  const rideEvents = async (rideId: string) => (await allEvents()).filter((event) => event.streamId === `ride-${rideId}`);
  const rideTypes = async (rideId: string) => (await rideEvents(rideId)).map((event) => event.type);

  /** A robot registered with the engine and started at `at` (a place's node); it reports itself ready. */
  async function robot(name: string, at: string, options: { stepMs?: number; start?: boolean } = {}) {
    const serialNumber = `${name}-${randomUUID().slice(0, 6)}`;
    const registered = await call('AD01', 'POST', '/api/amrs', { name, manufacturer: MANUFACTURER, serialNumber });
    expect(registered.statusCode, registered.body).toBe(201);
    const agv = new VirtualAgv({
      mqttUrl: MQTT_URL,
      manufacturer: MANUFACTURER,
      serialNumber,
      startNodeId: at,
      stepMs: options.stepMs ?? 40,
      actionMs: 20,
      stateIntervalMs: 500,
    });
    robots.push(agv);
    if (options.start !== false) await agv.start();
    return { agv, operatorId: robotOperatorId(serialNumber), serialNumber };
  }

  const robotRow = async (operatorId: string) => {
    const answer = (await call('AD01', 'GET', '/api/amrs')).json<RobotsAnswer>();
    return answer.robots.find((row) => row.operatorId === operatorId)!;
  };
  const presenceIs = (operatorId: string, presence: string) =>
    waitFor(async () => (await robotRow(operatorId)).presence === presence, 10_000, `${operatorId} ${presence}`);

  async function book(from = 0, to = 1): Promise<string> {
    const booked = await call('RQ01', 'POST', '/api/bookings/book-ride', {
      userId: 'RQ01',
      fromLocation: places[from]!.name,
      toLocation: places[to]!.name,
      vehicleType: 'AMR',
      rideType: 'Regular',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    return booked.json<{ rideId: string }>().rideId;
  }
  const rideReaches = (rideId: string, type: string) =>
    waitFor(async () => (await rideTypes(rideId)).includes(type), 15_000, `${rideId} ${type}`);

  beforeAll(async () => {
    t = await createTestApp(kind, {
      config: { ...loadConfig(), MQTT_URL, AMR_RECONNECT_GRACE_MS: GRACE_MS, AMR_MIN_BATTERY: 30 },
    });
    tokens = await seedPeople(t, [
      ['RQ01', 'requester'],
      ['AD01', 'admin'],
      ['MH01', 'maintenanceHead'],
      ['F001', 'driver'],
    ]);
    const site = siteOf(t.app.site.current());
    places = site.locations.slice(0, 3).map((place) => ({ id: place.id, name: place.name, node: `N-${place.id}` }));
    const mapped = await call('AD01', 'PUT', '/api/amrs/nodes', { nodes: places.map(({ id, node }) => ({ placeId: id, nodeId: node })) });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toMatchObject({ message: AMR_MESSAGES.nodesSaved });
  });
  afterEach(async () => {
    await Promise.all(robots.splice(0).map((agv) => agv.stop()));
    await Promise.all(clients.splice(0).map((client) => client.endAsync()));
  });
  afterAll(async () => t.close());

  it('given a bad registration or node mapping, or a caller who is not an admin, then it is refused and nothing is recorded', async () => {
    const before = (await allEvents()).length;
    const refusals = [
      await call('AD01', 'POST', '/api/amrs', { name: 'R', manufacturer: 'Acme', serialNumber: 'a/b' }),
      await call('AD01', 'POST', '/api/amrs', { name: '', manufacturer: 'Acme', serialNumber: 'S1' }),
      await call('AD01', 'PUT', '/api/amrs/nodes', { nodes: [{ placeId: 'no-such-place', nodeId: 'N1' }] }),
      await call('AD01', 'PUT', '/api/amrs/nodes', {
        nodes: [
          { placeId: places[0]!.id, nodeId: 'N1' },
          { placeId: places[1]!.id, nodeId: 'N1' },
        ],
      }),
    ];
    expect(refusals.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    expect(refusals[2]!.json().message).toBe(AMR_MESSAGES.unknownPlace('no-such-place'));
    expect(refusals[3]!.json().message).toBe(AMR_MESSAGES.nodeTwice);
    for (const who of ['RQ01', 'F001', 'MH01']) {
      expect((await call(who, 'POST', '/api/amrs', { name: 'R', manufacturer: 'Acme', serialNumber: 'S9' })).statusCode).toBe(403);
      expect((await call(who, 'PUT', '/api/amrs/nodes', { nodes: [] })).statusCode).toBe(403);
    }
    expect((await call('RQ01', 'GET', '/api/amrs')).statusCode).toBe(403);
    expect((await call('MH01', 'GET', '/api/amrs')).statusCode).toBe(200);
    expect((await allEvents()).length).toBe(before);

    const { serialNumber } = await robot('Twin', places[0]!.node, { start: false });
    const again = await call('AD01', 'POST', '/api/amrs', { name: 'Twin 2', manufacturer: 'Other', serialNumber });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AMR_MESSAGES.robotExists);
    // Nobody signs up on a robot's operator id (a short serial makes one that reads as a token number).
    expect((await call('AD01', 'POST', '/api/amrs', { name: 'Short', manufacturer: 'Acme', serialNumber: '7' })).statusCode).toBe(201);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { token_no: robotOperatorId('7'), password: 'a-long-password-1', name: 'Mallory', mobile: '9999999999' },
    });
    expect(signUp.statusCode, signUp.body).toBe(409);
  });

  it('given a ready robot, when an AMR ride is booked, then the robot takes it, picks, drops and ends it, and the audit shows its steps as a driver’s', async () => {
    const { agv, operatorId } = await robot('Rover', places[2]!.node);
    await presenceIs(operatorId, 'free');
    const rideId = await book(0, 1);
    await rideReaches(rideId, 'RideEnded');
    const events = await rideEvents(rideId);
    expect(events.map((event) => event.type)).toEqual([
      'RideRequested',
      'RideAccepted',
      'RideStarted',
      'MaterialPicked',
      'MaterialDropped',
      'RideEnded',
    ]);
    expect(events.slice(1).every((event) => (event.data as { driverId: string }).driverId === operatorId)).toBe(true);
    expect(events[1]!.metadata.actor).toEqual({ tokenNo: operatorId, role: 'driver' });
    // The robot went from where it stood, through the pickup, to the drop.
    expect(agv.current()?.lastNodeId).toBe(places[1]!.node);
    const audit = await call('AD01', 'GET', `/api/rides/${rideId}/timeline`);
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.body).toContain('Rover');
    await presenceIs(operatorId, 'free');
  });

  it('given a robot mid-ride reports a FATAL error, then one append files its maintenance request, hands the ride on and cancels its order, and another robot takes it over and ends it', async () => {
    // At the pickup already, with a long way to the drop: it picks at once and is still driving when it fails.
    const first = await robot('Atlas', places[0]!.node, { stepMs: 5_000 });
    await presenceIs(first.operatorId, 'free');
    const rideId = await book(0, 1);
    await rideReaches(rideId, 'MaterialPicked');
    await first.agv.fail('FATAL', 'driveError');

    await rideReaches(rideId, 'RideRedistributed');
    const all = await allEvents();
    const redistributed = all.find((event) => event.streamId === `ride-${rideId}` && event.type === 'RideRedistributed')!;
    const sameAppend = all.filter((event) => event.transactionId === redistributed.transactionId).map((event) => event.type);
    expect(sameAppend.sort()).toEqual(
      ['DriverBlockedForMaintenance', 'DriverReleasedFromRide', 'MaintenanceRequested', 'RideRedistributed', 'RobotOrderCancelled'].sort(),
    );
    expect(redistributed.data).toMatchObject({ originalDriverId: first.operatorId, resumeState: 'material picked' });
    // The robot heard cancelOrder: its order has nothing left to do.
    await first.agv.waitFor(
      (state) => state.nodeStates.length === 0 && state.actionStates.some((a) => a.actionType === 'cancelOrder'),
      10_000,
    );
    await presenceIs(first.operatorId, 'blocked');

    const second = await robot('Boreas', places[2]!.node);
    await rideReaches(rideId, 'RideEnded');
    const types = await rideTypes(rideId);
    expect(types.slice(types.indexOf('RideRedistributed'))).toEqual(['RideRedistributed', 'RideTakenOver', 'MaterialDropped', 'RideEnded']);
    const takenOver = (await rideEvents(rideId)).find((event) => event.type === 'RideTakenOver')!;
    expect(takenOver.data).toMatchObject({ driverId: second.operatorId });
    // Its order went straight to the drop: the material was on board already.
    expect(second.agv.current()?.lastNodeId).toBe(places[1]!.node);
    // A second FATAL report of the same breakdown files nothing more.
    const requests = (await allEvents()).filter(
      (event) => event.type === 'MaintenanceRequested' && (event.data as Body).driverId === first.operatorId,
    );
    expect(requests).toHaveLength(1);
  });

  it('given a robot mid-ride loses its connection, then after the grace period it is a breakdown and its ride is handed on', async () => {
    const { agv, operatorId } = await robot('Castor', places[0]!.node, { stepMs: 5_000 });
    await presenceIs(operatorId, 'free');
    const rideId = await book(0, 1);
    await rideReaches(rideId, 'RideStarted');
    await agv.kill();
    await rideReaches(rideId, 'RideRedistributed');
    const request = (await allEvents()).find(
      (event) => event.type === 'MaintenanceRequested' && (event.data as Body).driverId === operatorId,
    )!;
    expect(request.data).toMatchObject({ rideId, vehicleType: 'AMR' });
    expect(String((request.data as Body).commentText)).toContain('connection');
  });

  it('given a robot restarts mid-order and is back within the grace period, then its header ids from 0 are heard and it ends the ride', async () => {
    const { agv, operatorId } = await robot('Dione', places[0]!.node, { stepMs: 1_500 });
    await presenceIs(operatorId, 'free');
    const rideId = await book(0, 1);
    await rideReaches(rideId, 'RideStarted');
    await agv.restart({ keepOrder: true });
    expect(agv.current()?.headerId).toBeLessThan(5);
    await rideReaches(rideId, 'RideEnded');
    const types = await rideTypes(rideId);
    expect(types).not.toContain('RideRedistributed');
    expect((await allEvents()).some((event) => event.type === 'MaintenanceRequested' && (event.data as Body).driverId === operatorId)).toBe(
      false,
    );
  });

  it('given a robot reboots mid-order and forgets its order, then it is sent the rest of its ride from where it stands and ends it', async () => {
    const { agv, operatorId } = await robot('Electra', places[0]!.node, { stepMs: 1_500 });
    await presenceIs(operatorId, 'free');
    const rideId = await book(0, 1);
    await rideReaches(rideId, 'MaterialPicked');
    await agv.restart({ keepOrder: false });
    expect(agv.current()?.orderId).toBe('');
    await rideReaches(rideId, 'RideEnded');
    expect(await rideTypes(rideId)).toEqual([
      'RideRequested',
      'RideAccepted',
      'RideStarted',
      'MaterialPicked',
      'MaterialDropped',
      'RideEnded',
    ]);
    expect(agv.current()?.lastNodeId).toBe(places[1]!.node);
  });

  it('given a robot in MANUAL mode or with low battery, then it takes no ride until it is AUTOMATIC with charge again', async () => {
    const { agv, operatorId } = await robot('Eris', places[2]!.node);
    await presenceIs(operatorId, 'free');
    await agv.setOperatingMode('MANUAL');
    await presenceIs(operatorId, 'off shift');
    expect((await robotRow(operatorId)).link.notReady).toBe('MANUAL mode');
    const rideId = await book(0, 1);
    await agv.setOperatingMode('AUTOMATIC');
    await agv.setBattery(10);
    await waitFor(async () => (await robotRow(operatorId)).link.batteryCharge === 10, 10_000, 'battery heard');
    expect((await robotRow(operatorId)).link.notReady).toBe('battery below 30 %');
    expect(await rideTypes(rideId)).toEqual(['RideRequested']);
    await agv.setBattery(80);
    await rideReaches(rideId, 'RideEnded');
  });

  it('given duplicate and out-of-order header ids, then they change nothing', async () => {
    const { operatorId, serialNumber } = await robot('Fenix', places[2]!.node, { start: false });
    const client = await mqtt.connectAsync(MQTT_URL);
    clients.push(client);
    const state = (headerId: number, overrides: Partial<VdaState>): VdaState =>
      idleState(header(headerId, MANUFACTURER, serialNumber, new Date()), places[2]!.node, overrides);
    const send = (topic: 'state' | 'connection', body: object) =>
      client.publishAsync(vdaTopic(MANUFACTURER, serialNumber, topic), JSON.stringify(body), { qos: 1 });
    await send('connection', { ...header(0, MANUFACTURER, serialNumber, new Date()), connectionState: 'ONLINE' });
    await send('state', state(5, {}));
    await presenceIs(operatorId, 'free');
    // An older message and a repeat of the last, both saying MANUAL: ignored.
    await send('state', state(3, { operatingMode: 'MANUAL' }));
    await send('state', state(5, { operatingMode: 'MANUAL' }));
    // A newer one, told apart by its battery: heard, after the two before it.
    await send('state', state(6, { batteryState: { batteryCharge: 55, charging: true } }));
    await waitFor(async () => (await robotRow(operatorId)).link.batteryCharge === 55, 10_000, 'header 6 heard');
    expect((await robotRow(operatorId)).presence).toBe('free');
    const shiftsEnded = (await allEvents()).filter(
      (event: RecordedEvent) => event.streamId === `driver-${operatorId}` && event.type === 'DriverShiftEnded',
    );
    expect(shiftsEnded).toHaveLength(0);
    // A message that is not VDA 5050 is refused and changes nothing either.
    await send('state', { headerId: 7, nonsense: true });
    await send('state', state(8, { batteryState: { batteryCharge: 56, charging: true } }));
    await waitFor(async () => (await robotRow(operatorId)).link.batteryCharge === 56, 10_000, 'header 8 heard');
    expect((await robotRow(operatorId)).presence).toBe('free');
  });
});
