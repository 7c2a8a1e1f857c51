import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { capturedOutput } from '../test-support/cli-output';
import { seedWorkloadPeople } from '../test-support/workload';
import { openDatabase } from '../database/database';
import { main } from './rebuild.cli';

describe.each(testStoreKinds())('projections:rebuild command on %s', (kind) => {
  let t: TestApp | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (argv: string[], env: NodeJS.ProcessEnv) => {
    const { text, out } = capturedOutput();
    return { code: await main(argv, env, out), ...text };
  };

  // On PostgreSQL the engine keeps serving during the rebuild; PGlite's folder is one process's at a time.
  const engineWithUsers = async () => {
    dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'plantride-rebuild-')) : undefined;
    t = await createTestApp(kind, dataDir ? { database: { dataDir } } : {});
    await seedWorkloadPeople(t.app);
    const env = dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: t.database.schema };
    if (kind === 'pglite') {
      await t.app.close();
      t = undefined;
    }
    return env;
  };

  it(
    'given a store with events, when it runs, then it reports progress and the rebuilt users are all there',
    { timeout: 120_000 },
    async () => {
      const env = await engineWithUsers();
      const { code, stdout, stderr } = await run(['--only', 'users,drivers'], env);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(/replaying: \d+\/\d+ events, \d+ events\/s, ETA/);
      expect(stdout).toMatch(/Rebuilt users, drivers from \d+ events in/);
      const database = t ? t.database : await openDatabase({ dataDir });
      try {
        expect(Number((await sql<{ n: string }>`select count(*) as n from users`.execute(database.db)).rows[0]!.n)).toBe(14);
      } finally {
        if (!t) await database.close();
      }
    },
  );

  it('when it is given an unknown read model or a bad batch size, then it explains the usage and exits 2', async () => {
    for (const argv of [['--only', 'ridez'], ['--batch-size', '0'], ['--what']]) {
      const { code, stderr } = await run(argv, { DATA_DIR: '/nonexistent' });
      expect(code).toBe(2);
      expect(stderr).toContain('Usage: npm run projections:rebuild');
    }
  });

  if (kind === 'pglite') {
    it('given an engine serving the embedded data folder, then it refuses and changes nothing', { timeout: 120_000 }, async () => {
      const env = await engineWithUsers();
      // Any live process other than this one stands for the engine.
      writeFileSync(join(dataDir!, 'engine.pid'), String(process.ppid));
      const { code, stderr } = await run([], env);
      expect(code).toBe(1);
      expect(stderr).toContain(`The engine (pid ${process.ppid}) is serving`);
    });
  }
});
