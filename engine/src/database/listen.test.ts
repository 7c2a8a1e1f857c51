import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { openTestDatabase, testStoreKinds, waitFor, type TestDatabase } from '../test-support/test-database';

const url = process.env.TEST_DATABASE_URL;

// LISTEN is PostgreSQL's: PGlite has one process and wakes its readers in memory.
if (url && testStoreKinds().includes('postgres'))
  describe('LISTEN on PostgreSQL', () => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      vi.restoreAllMocks();
      await database?.dispose();
    });

    /** A NOTIFY from a connection of another process, as another engine would send it. */
    async function notifyFromElsewhere(channel: string): Promise<void> {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('select pg_notify($1, $2)', [channel, '']);
      } finally {
        await client.end();
      }
    }

    it('given a LISTEN whose connection PostgreSQL drops (a restart), when another process notifies later, then the listener hears it again, and is woken once when the LISTEN is back', async () => {
      database = await openTestDatabase('postgres');
      const channel = `listen_test_${randomBytes(4).toString('hex')}`;
      let heard = 0;
      const stop = await database.listen(channel, () => (heard += 1));
      await notifyFromElsewhere(channel);
      await waitFor(() => heard === 1, 10_000, 'the first notification');

      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity where query = $1`,
          [`listen "${channel}"`],
        );
        expect(rows.map((row) => row.ended)).toEqual([true]);
        // Back: one wake-up for whatever was appended while it was away, then NOTIFYs again.
        await waitFor(
          async () =>
            heard === 2 && (await admin.query(`select 1 from pg_stat_activity where query = $1`, [`listen "${channel}"`])).rowCount === 1,
          10_000,
          'the LISTEN to come back',
        );
      } finally {
        await admin.end();
      }
      await notifyFromElsewhere(channel);
      await waitFor(() => heard === 3, 10_000, 'a notification after the LISTEN came back');
      await stop();
    });

    it('given two readers of one channel in a process, when it appends and when another process does, then each is woken once by each, over one LISTEN connection, and the NOTIFY the process sent itself wakes nobody again', async () => {
      database = await openTestDatabase('postgres');
      const channel = `listen_test_${randomBytes(4).toString('hex')}`;
      // Every notification a connection of this process gets, recorded once its handlers have run.
      const arrived: number[] = [];
      const emit = pg.Client.prototype.emit;
      vi.spyOn(pg.Client.prototype, 'emit').mockImplementation(function (this: pg.Client, name: string | symbol, ...args: unknown[]) {
        const handled = emit.call(this, name, ...args);
        const message = args[0] as pg.Notification | undefined;
        if (name === 'notification' && message?.channel === channel) arrived.push(message.processId);
        return handled;
      });
      const heard = [0, 0];
      const stops = [await database.listen(channel, () => (heard[0]! += 1)), await database.listen(channel, () => (heard[1]! += 1))];

      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const listening = await admin.query(`select 1 from pg_stat_activity where query = $1`, [`listen "${channel}"`]);
        expect(listening.rowCount).toBe(1);

        // This process's write: its readers are woken in memory at once; its NOTIFY comes back to it and is dropped.
        database.notify(channel);
        expect(heard).toEqual([1, 1]);
        await waitFor(() => arrived.length === 1, 10_000, 'the NOTIFY this process sent, back on its LISTEN');
        expect(heard).toEqual([1, 1]);

        await notifyFromElsewhere(channel);
        await waitFor(() => arrived.length === 2, 10_000, "another process's NOTIFY");
        expect(arrived[1]).not.toBe(arrived[0]);
        expect(heard).toEqual([2, 2]);
      } finally {
        await admin.end();
      }
      for (const stop of stops) await stop();
    });
  });
