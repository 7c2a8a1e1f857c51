import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRIVER_ROSTER_STREAM_ID, driverStreamId, type AddDriver } from '@plantride/schemas';
import { buildApp } from '../app';
import { createTokenService } from '../auth/jwt';
import { handle } from '../commands/command-handler';
import { ConcurrencyError, type EventStore } from '../event-store/event-store';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { appendDriverEvent, driverEvents } from '../test-support/driver-events';
import { openTestStore, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import { addDriver } from './driver.decider';
import { addDriverInTurn, openDriverRosterAtStart } from './driver-serials';

const ADDS = 8;
const record = (operatorId: string): AddDriver['data'] => ({
  operatorId,
  vehicle: `MH12 ${operatorId}`,
  name: `Driver ${operatorId}`,
  mobile: '9876543210',
  role: 'Driver',
  forklift: '',
  status: 'Active',
  comments: '',
  vehicleAssigned: 'Forklift',
});
const operatorIds = (prefix: string) => Array.from({ length: ADDS }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
const consecutiveFrom = (first: number) => Array.from({ length: ADDS }, (_, i) => first + i);

describe.each(testStoreKinds())('driver serials on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;

  beforeEach(async () => {
    ({ database, store } = await openTestStore(kind));
  });
  afterEach(async () => database.dispose());

  const serialOf = async (operatorId: string) => {
    const [added] = await store.readStream(driverStreamId(operatorId));
    return (added?.data as { serial: number }).serial;
  };
  const rosterTypes = async () => (await store.readStream(DRIVER_ROSTER_STREAM_ID)).map((event) => event.type);
  const context = () => ({ now: new Date(), actor: { system: 'test' }, commandId: randomUUID() });
  const addAll = (on: EventStore, ids: string[]) =>
    Promise.all(ids.map((operatorId) => addDriverInTurn(on, { type: 'AddDriver', data: record(operatorId) }, context())));

  it(`given an empty store, when ${ADDS} adds run at once in one engine, then each gets its own serial and together they are 1 to ${ADDS}`, async () => {
    const ids = operatorIds('FL');
    await addAll(store, ids);
    const serials = await Promise.all(ids.map(serialOf));
    expect([...serials].sort((a, b) => a - b)).toEqual(consecutiveFrom(1));
    expect(await rosterTypes()).toEqual(Array(ADDS).fill(['DriverSerialIssued', 'DriverCounted']).flat());
  });

  it('given two adds that both read the roster before either appends, when they append, then the second is turned away, decides again and takes the next serial', async () => {
    // Appends wait until both adds have read their streams: both decide serial 1 on the same roster.
    let reads = 0;
    let bothRead!: () => void;
    const gate = new Promise<void>((resolve) => (bothRead = resolve));
    let conflicts = 0;
    const racing: EventStore = {
      ...store,
      async readStreams(ids, from) {
        const read = await store.readStreams(ids, from);
        if (++reads === 2) bothRead();
        return read;
      },
      async appendToStreams(writes, metadata) {
        await gate;
        try {
          return await store.appendToStreams(writes, metadata);
        } catch (error) {
          if (error instanceof ConcurrencyError && error.streamId === DRIVER_ROSTER_STREAM_ID) conflicts += 1;
          throw error;
        }
      },
    };
    await Promise.all(
      ['CP01', 'CP02'].map((operatorId) => handle(racing, addDriver, { type: 'AddDriver', data: record(operatorId) }, context())),
    );
    expect(conflicts).toBe(1);
    expect([await serialOf('CP01'), await serialOf('CP02')].sort()).toEqual([1, 2]);
  });

  it(`given two engines on one store, when each adds ${ADDS / 2} drivers at once, then the ${ADDS} serials are all different and run 1 to ${ADDS}`, async () => {
    const other = createPostgresEventStore(database);
    const ids = operatorIds('AM');
    await Promise.all([addAll(store, ids.slice(0, ADDS / 2)), addAll(other, ids.slice(ADDS / 2))]);
    expect((await Promise.all(ids.map(serialOf))).sort((a, b) => a - b)).toEqual(consecutiveFrom(1));
  });

  it('given records of before the roster (highest serial 7), when the start step runs twice, then the roster opens at 7 once, and the adds after it take 8 on', async () => {
    await appendDriverEvent(store, driverEvents.added('OLD1', 0, { serial: 3 }));
    await appendDriverEvent(store, driverEvents.added('OLD2', 1, { serial: 7 }));
    await appendDriverEvent(store, driverEvents.added('OLD3', 2, { serial: 5 }));
    await openDriverRosterAtStart(store);
    await openDriverRosterAtStart(store);
    const roster = await store.readStream(DRIVER_ROSTER_STREAM_ID);
    expect(roster.map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'DriverRosterOpened', data: { lastSerial: 7 } },
      { type: 'DriverCountsOpened', data: { counted: { OLD1: 'Forklift', OLD2: 'Forklift', OLD3: 'Forklift' } } },
    ]);
    const ids = operatorIds('FL');
    await addAll(store, ids);
    expect((await Promise.all(ids.map(serialOf))).sort((a, b) => a - b)).toEqual(consecutiveFrom(8));
  });

  it('given records of before the roster, when two engines start at the same moment, then the roster is opened once', async () => {
    await appendDriverEvent(store, driverEvents.added('OLD1', 0, { serial: 4 }));
    await Promise.all([openDriverRosterAtStart(store), openDriverRosterAtStart(store)]);
    expect(await rosterTypes()).toEqual(['DriverRosterOpened', 'DriverCountsOpened']);
  });

  it('given an empty store, when the start step runs, then it writes nothing: the store stays empty', async () => {
    await openDriverRosterAtStart(store);
    expect(await store.headPosition()).toBe(0);
  });

  it(`given a store with records of before the roster, when an engine is built on it and an admin adds ${ADDS} drivers at once through the API, then their serials follow the highest on, all different`, async () => {
    await appendDriverEvent(store, driverEvents.added('OLD1', 0, { serial: 41 }));
    await appendDriverEvent(store, driverEvents.updated('OLD1', 1, { serial: 41 }));
    const tokens = createTokenService(randomBytes(32).toString('hex'), 3600);
    const unlimited = { burst: 1_000_000, perSecond: 1_000_000 };
    const app = await buildApp({ database: { database }, tokens, rateLimits: { commands: unlimited, socketMessages: unlimited } });
    try {
      await app.ready();
      const { token } = await tokens.sign({ tokenNo: 'AD01', role: 'admin' });
      const ids = operatorIds('CR');
      const answers = await Promise.all(
        ids.map((operatorId) =>
          app.inject({
            method: 'POST',
            url: '/api/drivers/add',
            headers: { authorization: `Bearer ${token}` },
            payload: {
              operatorId,
              vehicle: 'MH12 AB 1234',
              name: 'Ravi Kumar',
              mobile: '9876543210',
              forklift: '7',
              vehicleAssigned: 'AMR',
            },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(ADDS).fill(200));
      expect((await Promise.all(ids.map(serialOf))).sort((a, b) => a - b)).toEqual(consecutiveFrom(42));
      expect(await rosterTypes()).toEqual([
        'DriverRosterOpened',
        'DriverCountsOpened',
        ...Array(ADDS).fill(['DriverSerialIssued', 'DriverCounted']).flat(),
      ]);
    } finally {
      await app.close();
    }
  });
});
