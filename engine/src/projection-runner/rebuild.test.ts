import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PROJECTIONS, type Projection, type ReadModels } from '@plantride/projections';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { runWorkload, seedWorkloadPeople, type WorkloadPeople } from '../test-support/workload';
import { dumpReadModels } from '../test-support/read-model-dump';
import { rebuildProjections, type RebuildProgress } from './rebuild';

describe.each(testStoreKinds())('rebuilding the read models on %s', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const start = async (projections = PROJECTIONS) => {
    t = await createTestApp(kind, { projections });
    const people = await seedWorkloadPeople(t.app);
    const roles = new Map<string, Parameters<TestApp['tokenFor']>[1]>([
      ...people.requesters.map((r) => [r, 'requester'] as const),
      ...people.drivers.map((d) => [d.tokenNo, 'driver'] as const),
      [people.admin, 'admin'],
      [people.head, 'maintenanceHead'],
    ]);
    const tokenOf = (tokenNo: string) => t.tokenFor(tokenNo, roles.get(tokenNo)!);
    return { people, play: (p: WorkloadPeople, commands: number, seed: number) => runWorkload(t.app, p, tokenOf, commands, seed) };
  };
  const caughtUp = async () => expect(await t.app.projections.waitForPosition(await t.app.eventStore.headPosition(), 10_000)).toBe(true);
  const rebuild = (onProgress?: (p: RebuildProgress) => void | Promise<void>) =>
    rebuildProjections({ database: t.database, store: t.app.eventStore, projections: PROJECTIONS, batchSize: 97, onProgress });

  it(
    'given a few hundred mixed commands, when the read models are rebuilt from the store, then every table is identical',
    { timeout: 240_000 },
    async () => {
      const { people, play } = await start();
      const { outcomes } = await play(people, 320, 7);
      // The mix really covered each kind of change.
      for (const done of [
        'book 200',
        'cancel 200',
        'accept 200',
        'step 200',
        'breakdown 200',
        'take over 200',
        'maintenance 200',
        'resolve 200',
        'edit driver 200',
        'toggle access 200',
        'inspect 200',
      ])
        expect(outcomes[done], done).toBeGreaterThan(0);
      await caughtUp();
      const before = await dumpReadModels(t.database);
      for (const table of ['rides', 'ride_history', 'users', 'drivers', 'maintenance_requests', 'inspections'])
        expect(before[table]?.length, table).toBeGreaterThan(0);

      const progress: RebuildProgress[] = [];
      const result = await rebuild((p) => void progress.push(p));
      expect(await dumpReadModels(t.database)).toEqual(before);
      expect(result.events).toBe(await t.app.eventStore.headPosition());
      expect(progress.at(-1)).toMatchObject({ phase: 'done', done: result.events });
      expect(progress.filter((p) => p.phase === 'replaying').length).toBeGreaterThan(2);
    },
  );

  it(
    'given commands arriving while it rebuilds, when the swap is done, then the read models equal a quiet rebuild and readers saw the old tables meanwhile',
    { timeout: 180_000 },
    async () => {
      const { people, play } = await start();
      await play(people, 120, 3);
      await caughtUp();
      const rides = async () => Number((await sql<{ n: string }>`select count(*) as n from rides`.execute(t.database.db)).rows[0]!.n);
      const ridesBefore = await rides();
      let seenDuringReplay: number | undefined;
      const busy = play(people, 80, 11);
      await rebuild(async (p) => {
        if (p.phase === 'replaying' && p.done > 0 && seenDuringReplay === undefined) seenDuringReplay = await rides();
      });
      await busy;
      await caughtUp();
      // The live tables stayed in service (never emptied) while the shadow filled.
      expect(seenDuringReplay).toBeGreaterThanOrEqual(ridesBefore);
      const live = await dumpReadModels(t.database);
      await rebuild();
      expect(await dumpReadModels(t.database)).toEqual(live);
    },
  );

  it(
    'given handlers that crash part way through batches, when the runner retries from its checkpoint, then the read models equal a clean replay',
    { timeout: 180_000 },
    async () => {
      // Each crash comes after the projection has written rows in the batch's transaction.
      const crashAt = new Set([40, 160, 400, 700]);
      let applies = 0;
      const crashes: string[] = [];
      const crashing = PROJECTIONS.map<Projection<ReadModels>>((projection) => ({
        ...projection,
        async applyBatch(events, trx) {
          await projection.applyBatch!(events, trx);
          const before = applies;
          applies += events.length;
          const at = [...crashAt].find((n) => n > before && n <= applies);
          if (at !== undefined) {
            crashAt.delete(at);
            crashes.push(projection.name);
            throw new Error(`${projection.name} crashed at ${events[at - before - 1]!.event.type}`);
          }
        },
      }));
      const { people, play } = await start(crashing);
      await play(people, 200, 5);
      await caughtUp();
      expect(crashes.length).toBeGreaterThanOrEqual(3);
      const survived = await dumpReadModels(t.database);
      await rebuild();
      expect(await dumpReadModels(t.database)).toEqual(survived);
    },
  );
});
