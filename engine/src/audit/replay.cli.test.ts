import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideTimelineAnswerSchema, type RideTimelineAnswer } from '@plantride/schemas';
import { capturedOutput as captured } from '../test-support/cli-output';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { testStoreKinds } from '../test-support/test-database';
import { rideDriver } from './audit-test-rides';
import { main } from './replay.cli';
import { formatTimelineTable } from './timeline-table';

describe.each(testStoreKinds())('replay command on %s', (kind) => {
  let env: NodeJS.ProcessEnv;
  let dataDir: string | undefined;
  let t: TestApp | undefined;
  let rideId: string;
  let served: RideTimelineAnswer;
  let servedAtStart: RideTimelineAnswer;
  let startedAt: string;
  const replay = async (...argv: string[]) => {
    const { text, out } = captured();
    const code = await main(argv, env, out);
    return { code, ...text };
  };

  // The engine writes a redistributed ride. On PGlite it then stops (one process's data folder at a
  // time); PostgreSQL keeps the test's schema until the end.
  beforeAll(async () => {
    dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'plantride-replay-')) : undefined;
    const app = await createTestApp(kind, dataDir ? { database: { dataDir } } : {});
    t = app;
    try {
      const rides = await rideDriver(app);
      rideId = await rides.book();
      await rides.accept('D001', rideId);
      await rides.steps('D001', rideId, ['start']);
      await rides.redistribute('MH01', 'D001', rideId);
      await rides.takeOver('D002', rideId, 'started');
      await rides.steps('D002', rideId, ['materialPicked', 'materialDropped', 'end']);
      const timeline = async (query: string) =>
        rideTimelineAnswerSchema.parse(
          (await app.app.inject({ method: 'GET', url: `/api/rides/${rideId}/timeline${query}`, headers: rides.as('AD01') })).json(),
        );
      served = await timeline('');
      startedAt = served.events[2]?.time as string;
      servedAtStart = await timeline(`?at=${startedAt}`);
    } finally {
      if (dataDir) {
        await app.close();
        t = undefined;
      }
    }
    env = dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: app.database.schema };
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('given a redistributed ride, when it is replayed, then the table is the timeline the API serves, both drivers in their rows', async () => {
    const { code, stdout, stderr } = await replay(rideId);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(formatTimelineTable(served));
    const rows = stdout.split('\n');
    const row = (type: string) => rows.find((line) => line.includes(` ${type} `)) ?? '';
    expect(row('RideAccepted')).toContain('D001 (driver)');
    expect(row('RideRedistributed')).toMatch(
      /MH01 \(maintenanceHead\).*from driver D001 D001 Name at started: "hydraulics leaking".*waiting_for_reassignment/,
    );
    expect(row('RideTakenOver')).toMatch(/D002 \(driver\).*driver D002 D002 Name.*resumes at started.*started {2}inProgress\.started/);
    expect(row('RideEnded')).toContain('completed');
    expect(stdout).toContain('Driver: D002 D002 Name');
    expect(stdout).toContain('Original driver: D001');
  });

  it('given --at, when the ride is replayed, then it shows the ride as it stood then', async () => {
    const { code, stdout } = await replay(rideId, '--at', startedAt);
    expect(code).toBe(0);
    expect(stdout).toBe(formatTimelineTable(servedAtStart));
    expect(stdout).toContain('Status: started');
    expect(stdout).toContain('Driver: D001 D001 Name');
    expect(stdout).not.toContain('RideRedistributed');

    const before = await replay(rideId, `--at=${new Date(Date.parse(served.events[0]?.time as string) - 1).toISOString()}`);
    expect(before.code).toBe(0);
    expect(before.stdout).toContain('The ride had not been requested yet.');
  });

  it('when the ride is unknown, then it says so on stderr and exits 1', async () => {
    const { code, stdout, stderr } = await replay('NO-SUCH-RIDE');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe('Ride not found: NO-SUCH-RIDE\n');
  });

  it.each([[[]], [['--at', '2026-03-01T10:00:00Z']], [['R1', 'R2']], [['R1', '--bogus']], [['R1', '--at', 'noon']]])(
    'when the arguments are wrong (%j), then the usage goes to stderr and it exits 2',
    async (argv) => {
      const { code, stdout, stderr } = await replay(...argv);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/Usage: npm run replay|Not a time: noon/);
    },
  );

  it('when the embedded data folder does not exist, then it says so and exits 1', async () => {
    const { text, out } = captured();
    expect(await main(['R1'], { DATA_DIR: join(tmpdir(), 'plantride-no-such-folder') }, out)).toBe(1);
    expect(text.stderr).toContain('No data folder at');
  });

  it('given an engine serving the embedded data folder, when a replay is asked for, then it refuses to open the folder and exits 1', async () => {
    const served = mkdtempSync(join(tmpdir(), 'plantride-served-'));
    writeFileSync(join(served, 'engine.pid'), String(process.ppid));
    try {
      const { text, out } = captured();
      expect(await main([rideId], { DATA_DIR: served }, out)).toBe(1);
      expect(text.stdout).toBe('');
      expect(text.stderr).toContain(`The engine (pid ${process.ppid}) is serving`);
    } finally {
      rmSync(served, { recursive: true, force: true });
    }
  });
});
