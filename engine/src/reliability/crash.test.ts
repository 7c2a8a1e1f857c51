import { dropRedisPrefix } from '../test-support/test-timers';
import { randomBytes, randomInt } from 'node:crypto';
import { DEFAULT_DISPATCH_SETTINGS } from '@plantride/schemas';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { freePort, type EngineProcess } from '../deploy/engine-process';
import { seededRandom } from '../test-support/seeded-random';
import { waitFor } from '../test-support/test-database';
import { tracer } from './faults-support/trace';
import { type LiveFollower } from './faults-support/live-follower';
import { assertNothingLost } from './faults-support/final-checks';
import { requirePickScan, runLane, type RideLog } from './faults-support/plant-load';
import { dropSchema } from './faults-support/store-checks';
import { plantEngineEnv, signInPlant } from './faults-support/plant-engine';
import { spawnStandby, type StandbyEngine } from './faults-support/warm-engine';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

// Engine processes on PostgreSQL and Redis (CI's PostgreSQL pass); registered only when both are there.
if (databaseUrl && redisUrl) {
  describe('engine killed (SIGKILL) at random moments under load, and restarted', () => {
    const seed = Number(process.env.CRASH_SEED ?? randomInt(1, 2 ** 31));
    // CRASH_KILLS raises the count for a long local run.
    const kills = Number(process.env.CRASH_KILLS ?? 10);
    const lanes = Number(process.env.CRASH_LANES ?? 4);
    console.log(`crash test: seed ${seed} (CRASH_SEED=${seed} repeats it), ${kills} kills, ${lanes} lanes`);
    const adminPassword = randomBytes(12).toString('hex');
    const attempts: Array<{ schema: string; redisPrefix: string }> = [];
    const standbys: StandbyEngine[] = [];
    const engines: EngineProcess[] = [];
    const followers: LiveFollower[] = [];
    // What an attempt started; CI's retry of a failed attempt starts from nothing (its own schema and prefix too).
    const stopAttempt = async () => {
      followers.splice(0).forEach((follower) => follower.close());
      await Promise.all([
        ...standbys.splice(0).map((standby) => standby.discard()),
        ...engines.splice(0).map((engine) => engine.kill('SIGKILL')),
      ]);
    };

    afterAll(async () => {
      await stopAttempt();
      for (const { schema, redisPrefix } of attempts) {
        await dropSchema(databaseUrl, schema);
        await dropRedisPrefix(redisPrefix);
      }
    }, 60_000);

    it(`then every command answered 2xx is in the store, the read models equal a clean replay, no timer is lost or fired twice and reconnecting sockets hear what they missed`, async () => {
      await stopAttempt();
      const id = randomBytes(6).toString('hex');
      const schema = `test_crash_${id}`;
      const redisPrefix = `test-crash-${id}`;
      attempts.push({ schema, redisPrefix });
      const env = plantEngineEnv({ databaseUrl, schema, redisUrl, redisPrefix, adminPassword, rideWaitAlertMs: 1500 });
      onTestFailed(() => console.error(`crash test seed ${seed}\n--- last engine ---\n${engines.at(-1)?.output() ?? ''}`));
      const began = Date.now();
      const trace = tracer('crash');
      const rng = seededRandom(seed);
      const port = await freePort();
      let spawned = 0;
      // Loading the engine's modules is the slow part of a start on a busy machine: a few standbys load ahead.
      const spawnNext = () => {
        if (spawned > kills) return;
        spawned += 1;
        standbys.push(spawnStandby(`engine-${spawned}`, port, env));
      };
      for (let i = 0; i < Math.min(kills + 1, Number(process.env.CRASH_STANDBYS ?? 4)); i += 1) spawnNext();
      const startNext = async () => {
        const standby = standbys.shift()!;
        spawnNext();
        const engine = await standby.start(90_000);
        engines.push(engine);
        return engine;
      };
      let current = await startNext();
      const url = current.url;
      const signedIn = await signInPlant(url, adminPassword, lanes, (p) => [
        p.admin,
        p.lanes[0]!.requester,
        p.lanes[1 % lanes]!.requester,
        p.lanes[2 % lanes]!.driver,
      ]);
      followers.push(...signedIn.followers);
      const { commander, plant } = signedIn;
      const setUpMs = Date.now() - began;
      trace('engine up, people signed in');

      // Issue #20: offer dispatch (short offers) with every lane's driver on shift, and rides booked for later released a second on.
      await commander.call('dispatch settings', plant.admin, 'PUT', '/api/dispatch/settings', {
        ...DEFAULT_DISPATCH_SETTINGS,
        mode: 'offer',
        offerSeconds: 3,
        releaseLeadMinutes: 1,
      });
      for (const lane of plant.lanes)
        await commander.call('shift', lane.driver, 'POST', '/api/drivers/shift', { on: true, location: 'main gate' });
      // Issue #34 item 2: every pick (all at main gate) needs a scan of main gate's code; the lanes type it.
      const pickScan = await requirePickScan(commander, plant);
      expect(commander.failures).toEqual([]);

      const log: RideLog = { leftRequested: [], brokenDown: [], completed: [], lapsed: [], scheduled: [] };
      let stopped = false;
      const options = { breakdown: 0.15, decline: 0.1, lapse: 0.1, later: 0.1, pickScan };
      const load = Promise.all(
        plant.lanes.map((lane, i) => runLane(commander, plant, lane, seededRandom(seed + i + 1), () => stopped, log, options)),
      );

      const loadBegan = Date.now();
      const restarts: number[] = [];
      let lastRestartAt = Date.now();
      for (let kill = 1; kill <= kills; kill += 1) {
        // Under load: the restarted engine has answered some commands, then the next kill comes at a random moment.
        const answeredBefore = commander.answered.length;
        await waitFor(() => commander.answered.length >= answeredBefore + 3, 60_000, `commands answered after restart ${kill - 1}`);
        await standbys[0]!.loaded;
        await new Promise((resolve) => setTimeout(resolve, Math.round(rng.around(1500))));
        await current.kill('SIGKILL');
        const killedAt = Date.now();
        current = await startNext();
        lastRestartAt = Date.now();
        restarts.push(lastRestartAt - killedAt);
        trace(`kill ${kill}: restarted in ${lastRestartAt - killedAt} ms, ${commander.answered.length} commands answered so far`);
      }
      const answeredAfterKills = commander.answered.length;
      await waitFor(() => commander.answered.length >= answeredAfterKills + 10, 60_000, 'commands answered after the last restart');
      stopped = true;
      await load;
      const loadMs = Date.now() - loadBegan;
      trace('load stopped; checking');

      const figures = await assertNothingLost({
        url,
        databaseUrl,
        schema,
        signedIn,
        log,
        lastFaultEndedAt: lastRestartAt,
        trace,
        stopEngine: () => current.kill('SIGTERM'),
      });
      expect(figures.reconnects.every((count) => count >= 1)).toBe(true);
      console.log(
        `crash test: seed ${seed}, ${kills} kills survived (restart ${Math.min(...restarts)}–${Math.max(...restarts)} ms), ` +
          `${figures.answered} commands answered 2xx, all in the store (0 lost), ${figures.events} events, ` +
          `${log.completed.length} rides completed, ${log.leftRequested.length} left requested, ${log.brokenDown.length} broken down, ` +
          `${log.lapsed!.length} offers left to lapse, ${log.scheduled!.length} booked for later, ` +
          `${figures.timerEvents} timer events (none twice, none lost), socket reconnects ${figures.reconnects.join('/')}, ` +
          `connection retries ${Object.entries(commander.outcomes)
            .filter(([k]) => k.endsWith('network'))
            .reduce((sum, [, n]) => sum + n, 0)}, ` +
          `set-up ${setUpMs} ms, load with kills ${loadMs} ms, total ${Date.now() - began} ms`,
      );
    }, 900_000);
  });
}
