import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findRide, findUser, ridesProjection, usersProjection, type Projection, type ReadModels } from '@plantride/projections';
import { userStreamId } from '@plantride/schemas';
import { sql, type Kysely } from 'kysely';
import { openTestStore, testStoreKinds, waitFor, type TestDatabase } from '../test-support/test-database';
import { openDatabase, type Database } from '../database/database';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { START, type EventStore } from '../event-store/event-store';
import { directRides } from '../test-support/direct-rides';
import { applyBatch, createProjectionRunner, migrateProjections, type ProjectionRunner } from './projection-runner';
import { readCheckpoint } from './checkpoints';

const AT = '2026-11-25T08:00:00Z';

describe.each(testStoreKinds())('projection runner on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner | undefined;
  const db = () => database.db as Kysely<ReadModels>;
  const startRunner = async (
    projections: readonly Projection<ReadModels>[] = [ridesProjection, usersProjection],
    onError = () => undefined,
  ) => {
    runner = createProjectionRunner({ database, store, projections, pollIntervalMs: 20, batchSize: 3, onError });
    await runner.start();
    return runner;
  };

  beforeEach(async () => {
    ({ database, store } = await openTestStore(kind));
  });
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await database.dispose();
  });

  it('given a booked and accepted ride, when the runner catches up, then the rides read model shows it accepted by its driver', async () => {
    await startRunner();
    await directRides(store).book('R1', 'Forklift', AT);
    const accepted = { position: await directRides(store).accept('R1', 'D001', 'Forklift', AT) };
    expect(await runner!.waitForPosition(accepted.position)).toBe(true);
    expect(await findRide(db(), 'R1')).toMatchObject({
      status: 'accepted',
      driver_id: 'D001',
      driver_name: 'D001 Name',
      from_location: 'main gate',
      estimated_minutes: 11,
      last_position: 2,
    });
  });

  it('given a signed-up user, when the runner catches up, then the users read model has him without any password', async () => {
    await startRunner();
    const result = await store.append(
      userStreamId('AB12'),
      0,
      [
        {
          eventId: randomUUID(),
          type: 'UserSignedUp',
          schemaVersion: 1,
          data: { tokenNo: 'AB12', name: 'Asha', mobile: '9000000001', role: 'requester', passwordHash: 'scrypt$x' },
        },
      ],
      {},
    );
    await runner!.waitForPosition(result.position);
    const user = await findUser(db(), 'AB12');
    expect(user).toMatchObject({ token_no: 'AB12', name: 'Asha', role: 'requester', is_blocked: false });
    expect(JSON.stringify(user)).not.toContain('scrypt');
  });

  it('given a user, when an admin blocks and later unblocks him, then the users read model follows', async () => {
    await startRunner();
    const stream = userStreamId('CD34');
    const event = (type: string, data: object) => ({ eventId: randomUUID(), type, schemaVersion: 1, data });
    await store.append(
      stream,
      0,
      [
        event('UserSignedUp', { tokenNo: 'CD34', name: 'Chetan', mobile: '9000000002', role: 'requester', passwordHash: 'h' }),
        event('UserBlocked', { tokenNo: 'CD34' }),
      ],
      {},
    );
    const blocked = await store.append(
      stream,
      2,
      [event('UserRoleChanged', { tokenNo: 'CD34', role: 'driver', assignedVehicleType: 'Crane' })],
      {},
    );
    await runner!.waitForPosition(blocked.position);
    expect(await findUser(db(), 'CD34')).toMatchObject({ is_blocked: true, role: 'driver', assigned_vehicle_type: 'Crane' });
    const unblocked = await store.append(stream, 3, [event('UserUnblocked', { tokenNo: 'CD34' })], {});
    await runner!.waitForPosition(unblocked.position);
    expect(await findUser(db(), 'CD34')).toMatchObject({ is_blocked: false });
  });

  it('given a runner stopped part way, when a new one starts, then it resumes from the stored checkpoint', async () => {
    await startRunner();
    const first = { position: await directRides(store).book('R1', 'Forklift', AT) };
    await runner!.waitForPosition(first.position);
    await runner!.stop();
    const second = { position: await directRides(store).book('R2', 'Forklift', AT) };
    expect(await findRide(db(), 'R2')).toBeUndefined();
    await startRunner();
    expect(await runner!.waitForPosition(second.position)).toBe(true);
    expect((await readCheckpoint(database.db, 'rides')).position).toBe(second.position);
    expect(await db().selectFrom('rides').select('ride_id').orderBy('ride_id').execute()).toEqual([{ ride_id: 'R1' }, { ride_id: 'R2' }]);
  });

  it('given a handler that fails mid-batch, when it recovers, then no row is lost or doubled', async () => {
    let failures = 0;
    const flaky: Projection<ReadModels> = {
      ...ridesProjection,
      async applyBatch(events, trx) {
        await ridesProjection.applyBatch!(events, trx);
        if (events.some(({ event }) => event.type === 'RideAccepted') && failures++ === 0) throw new Error('crash after writing a row');
      },
    };
    await directRides(store).book('R1', 'Forklift', AT);
    await directRides(store).book('R2', 'Forklift', AT);
    const last = { position: await directRides(store).accept('R1', 'D001', 'Forklift', AT) };
    await startRunner([flaky]);
    expect(await runner!.waitForPosition(last.position, 10_000)).toBe(true);
    expect(failures).toBe(2);
    const rows = await db().selectFrom('rides').select(['ride_id', 'status', 'last_position']).orderBy('ride_id').execute();
    expect(rows).toEqual([
      { ride_id: 'R1', status: 'accepted', last_position: 2 },
      { ride_id: 'R2', status: 'requested', last_position: 1 },
    ]);
  });

  describe('gathering events into batches', () => {
    const signUp = (tokenNo: string) =>
      store.append(
        userStreamId(tokenNo),
        0,
        [
          {
            eventId: randomUUID(),
            type: 'UserSignedUp',
            schemaVersion: 1,
            data: { tokenNo, name: tokenNo, mobile: '9000000001', role: 'requester', passwordHash: 'h' },
          },
        ],
        {},
      );
    // Far longer than any test waits: only a hurry ends the gathering.
    const gathering = async (batches: number[][]) => {
      const spy: Projection<ReadModels> = {
        name: 'batches',
        handles: ['UserSignedUp'],
        migrations: {},
        apply: async () => undefined,
        applyBatch: async (events) => void batches.push(events.map(({ position }) => position.globalPosition)),
      };
      runner = createProjectionRunner({
        database,
        store,
        projections: [spy],
        pollIntervalMs: 60_000,
        gatherMs: 60_000,
        onError: () => undefined,
      });
      await runner.start();
      // Its first read done: the next wake-up gathers.
      await runner.caughtUp();
      return runner;
    };

    it('given a batch gathering, when a read waits for a position in it, then the batch goes out without waiting to gather more', async () => {
      const batches: number[][] = [];
      await gathering(batches);
      const { position } = await signUp('GA04');
      expect(await runner!.waitForPosition(position, 10_000)).toBe(true);
      expect(batches).toEqual([[position]]);
    });
  });

  it('when asked to wait for a position that never comes, then it gives up after the bound', async () => {
    await startRunner();
    expect(await runner!.waitForPosition(999_999, 100)).toBe(false);
  });

  it('given a batch already applied, when it is delivered again, then no projection sees its events twice', async () => {
    const seen: string[] = [];
    const counting: Projection<ReadModels> = {
      name: 'counting',
      handles: ['RideRequested'],
      migrations: {},
      apply: async (event) => void seen.push(event.type),
    };
    await directRides(store).book('R1', 'Forklift', AT);
    const last = { position: await directRides(store).book('R2', 'Forklift', AT) };
    // Readers see only events older than every transaction open on the server; on a shared PostgreSQL wait for both.
    await waitFor(async () => (await store.headCheckpoint()).position >= last.position, 10_000, 'both bookings to be readable');
    const batch = await store.readAll(START, 10);
    const apply = () =>
      db()
        .transaction()
        .execute((trx) => applyBatch(trx, [counting, ridesProjection], batch));
    await migrateProjections(db(), [ridesProjection]);
    const first = await apply();
    const again = await apply();
    expect(seen).toEqual(['RideRequested', 'RideRequested']);
    expect(again).toEqual(first);
    expect(first.get('counting')?.position).toBe(batch.at(-1)?.globalPosition);
  });

  describe('several engine processes', () => {
    let other: { database: Database; runner?: ProjectionRunner } | undefined;
    afterEach(async () => {
      await other?.runner?.stop();
      if (other && other.database !== database) await other.database.close();
      other = undefined;
    });
    // A second engine process on the same database: its own connections on PostgreSQL; on PGlite, where one process owns the data, the same handle.
    const secondProcess = async () => {
      const second = kind === 'postgres' ? await openDatabase({ url: process.env.TEST_DATABASE_URL, schema: database.schema }) : database;
      other = { database: second };
      other.runner = createProjectionRunner({
        database: second,
        store: createPostgresEventStore(second),
        projections: [ridesProjection, usersProjection],
        pollIntervalMs: 20,
        leaseRetryMs: 25,
      });
      await other.runner.start();
      return other.runner;
    };

    it('given two runners, then each projection runs in one of them, and reads in the other still wait for its position', async () => {
      const first = await startRunner();
      const second = await secondProcess();
      expect(first.leading()).toEqual(['rides', 'users']);
      expect(second.leading()).toEqual([]);
      const booked = { position: await directRides(store).book('R1', 'Forklift', AT) };
      expect(await second.waitForPosition(booked.position, 10_000)).toBe(true);
      expect(await findRide(db(), 'R1')).toMatchObject({ status: 'requested' });
    });

    it('given the runner that leads stops, then the other takes its projections over and goes on from the checkpoint', async () => {
      const first = await startRunner();
      const second = await secondProcess();
      await directRides(store).book('R1', 'Forklift', AT);
      await first.stop();
      await waitFor(() => second.leading().length === 2, 10_000, 'the takeover');
      const accepted = { position: await directRides(store).accept('R1', 'D001', 'Forklift', AT) };
      expect(await second.waitForPosition(accepted.position, 10_000)).toBe(true);
      expect(await findRide(db(), 'R1')).toMatchObject({ status: 'accepted', last_position: 2 });
    });

    // Only PostgreSQL has sessions to lose; one PGlite process owns its data.
    if (kind === 'postgres')
      it('given the leading process loses its database session abruptly, then the other takes over', async () => {
        await startRunner();
        const second = await secondProcess();
        // What a crashed process leaves behind: its session ends, and PostgreSQL frees its locks.
        await sql`select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and classid = hashtext(${database.schema})::oid and pid <> pg_backend_pid() and granted`.execute(db());
        await waitFor(() => second.leading().length === 2, 10_000, 'the takeover');
        const booked = { position: await directRides(store).book('R3', 'Forklift', AT) };
        expect(await second.waitForPosition(booked.position, 10_000)).toBe(true);
        expect(await findRide(db(), 'R3')).toMatchObject({ status: 'requested' });
      });
  });
});
