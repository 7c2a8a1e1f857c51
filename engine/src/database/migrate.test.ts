import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import { runMigrations } from './migrate';

describe.each(testStoreKinds())('migrations on %s', (kind) => {
  let database: TestDatabase;
  let runs: string[];
  const migrations = () => ({
    '0002_second': { up: async () => void runs.push('second') },
    '0001_first': {
      async up(db: Parameters<typeof runMigrations>[0]) {
        runs.push('first');
        await sql`create table thing (id int)`.execute(db);
      },
    },
  });

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    runs = [];
  });
  afterEach(async () => database.dispose());

  it('given a fresh schema, when migrations run twice (also at once), then each applies once, in name order', async () => {
    await Promise.all([runMigrations(database.db, 'm_test', migrations()), runMigrations(database.db, 'm_test', migrations())]);
    await runMigrations(database.db, 'm_test', migrations());
    expect(runs).toEqual(['first', 'second']);
    const { rows } = await sql<{ name: string }>`select name from m_test order by name`.execute(database.db);
    expect(rows.map((r) => r.name)).toEqual(['0001_first', '0002_second']);
  });

  it('when a migration fails, then none of its batch is recorded and it runs again next time', async () => {
    const failing = {
      '0001_bad': {
        up: async () => {
          throw new Error('boom');
        },
      },
    };
    await expect(runMigrations(database.db, 'm_test', failing)).rejects.toThrow('boom');
    await runMigrations(database.db, 'm_test', migrations());
    expect(runs).toEqual(['first', 'second']);
  });
});
