import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { dropRedisPrefix } from '../test-support/test-timers';
import { waitFor } from '../test-support/test-database';
import { followLive, type LiveFollower } from '../reliability/faults-support/live-follower';
import { gauge } from '../reliability/faults-support/engine-state';
import { plantEngineEnv } from '../reliability/faults-support/plant-engine';
import { Commander, bookingBy, setUpPlant } from '../reliability/faults-support/plant-load';
import { dropSchema } from '../reliability/faults-support/store-checks';
import { startEngine, type EngineProcess } from './engine-process';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** A request through `agent` (false: a connection of its own), answering status and body. */
const call = (url: string, agent: Agent | false, body?: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const sent = request(
      url,
      {
        agent,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'text/plain;charset=UTF-8' },
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: text }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });

// Two processes sharing PostgreSQL and Redis; registered only when both are there.
if (databaseUrl && redisUrl) {
  describe('SOCKET_PROCESS=1: socket.io connections on a second engine process', () => {
    const id = randomBytes(6).toString('hex');
    const schema = `test_socket_process_${id}`;
    const redisPrefix = `test-socket-process-${id}`;
    const adminPassword = randomBytes(12).toString('hex');
    let engine: EngineProcess | undefined;
    const followers: LiveFollower[] = [];

    afterAll(async () => {
      followers.forEach((follower) => follower.close());
      await engine?.kill('SIGTERM');
      await dropSchema(databaseUrl, schema);
      await dropRedisPrefix(redisPrefix);
    }, 60_000);

    it("then a socket is served by the socket process, which sends the store's events, and hears what commands on the first one append; when the socket process dies, the first serves sockets until it is back; SIGTERM stops both", async () => {
      onTestFailed(() => console.error(engine?.output()));
      const env = {
        ...plantEngineEnv({ databaseUrl, schema, redisUrl, redisPrefix, adminPassword, rideWaitAlertMs: 600_000 }),
        SOCKET_PROCESS: '1',
        LOG_LEVEL: 'info',
      };
      engine = await startEngine('S', env, 120_000);
      const ready = /socket process (\d+) serves socket\.io connections/g;
      await waitFor(() => [...engine!.output().matchAll(ready)].length === 1, 60_000, 'the socket process to be ready');
      const socketPid = Number([...engine.output().matchAll(ready)][0]![1]);

      const commander = new Commander(() => engine!.url);
      const plant = await setUpPlant(commander, 'AD01', adminPassword, 1);
      const requester = plant.lanes[0]!.requester;
      const metrics = async () => (await fetch(`${engine!.url}/metrics`)).text();
      const staffSockets = async () => gauge(await metrics(), 'plantride_sockets_connected', 'role="admin"');
      // Whether the first process sends the store's events (it should only while the socket process is down).
      const firstSends = async () => gauge(await metrics(), 'plantride_live_gateway_leading') === 1;
      const book = async () => commander.call('book', requester, 'POST', '/api/bookings/book-ride', bookingBy(plant.lanes[0]!));
      const head = async () => ((await (await fetch(`${engine!.url}/api/health`)).json()) as { position: number }).position;

      // It led from the start (alone then) and leaves the lead to the socket process.
      await waitFor(async () => !(await firstSends()), 20_000, 'the first process to leave sending to the socket process');
      const onSocketProcess = await followLive(engine.url, commander.tokens.AD01!, await head());
      followers.push(onSocketProcess);
      // The first process (which answers /metrics) holds no socket: the staff socket is the other's.
      expect(await staffSockets()).toBe(0);
      const first = await book();
      expect(first).not.toBeNull();
      await waitFor(
        () => onSocketProcess.heard.some((h) => h.name === 'rideRequested' && h.rideId === first!.rideId),
        10_000,
        'the booking on the staff socket',
      );

      // A long-polling handshake on a kept-alive connection that began with an API call (so the first
      // process serves it) opens its session on the socket process: its next request, on a
      // connection of its own (handed to the socket process), finds it.
      const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
      expect((await call(`${engine.url}/api/health`, keptAlive)).status).toBe(200);
      const handshake = await call(`${engine.url}/socket.io/?EIO=4&transport=polling`, keptAlive);
      keptAlive.destroy();
      expect(handshake.status).toBe(200);
      const sid = (JSON.parse(handshake.body.slice(1)) as { sid: string }).sid;
      // A socket.io CONNECT packet ('40') posted to the session: 'ok', where an unknown session answers 400.
      expect(await call(`${engine.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, false, '40')).toEqual({ status: 200, body: 'ok' });

      process.kill(socketPid, 'SIGKILL');
      await waitFor(
        () => engine!.output().includes(`socket process ${socketPid} exited`),
        10_000,
        'the first process to see the socket process go',
      );
      // Its socket reconnects, to whichever process serves sockets at that moment, and catches up.
      const second = await book();
      await waitFor(
        () => onSocketProcess.heard.some((h) => h.name === 'rideRequested' && h.rideId === second!.rideId),
        20_000,
        'the second booking after the socket process died',
      );
      await waitFor(firstSends, 20_000, 'the first process to send while the socket process is down');
      await waitFor(() => [...engine!.output().matchAll(ready)].length === 2, 60_000, 'a new socket process');
      await waitFor(async () => !(await firstSends()), 20_000, 'the first process to leave sending to the new socket process');
      const third = await book();
      await waitFor(
        () => onSocketProcess.heard.some((h) => h.name === 'rideRequested' && h.rideId === third!.rideId),
        20_000,
        'the third booking',
      );
      expect(onSocketProcess.heard.filter((h) => h.name === 'rideRequested').map((h) => h.rideId)).toEqual([
        first!.rideId,
        second!.rideId,
        third!.rideId,
      ]);
      expect(commander.failures).toEqual([]);

      // SIGTERM with a kept-alive connection open on the first process: both processes stop cleanly.
      const idle = new Agent({ keepAlive: true });
      expect((await call(`${engine.url}/api/health`, idle)).status).toBe(200);
      const secondSocketPid = Number([...engine.output().matchAll(ready)][1]![1]);
      await engine.kill('SIGTERM');
      idle.destroy();
      expect(engine.child.exitCode).toBe(0);
      // Gone too (signal 0 only asks whether the process exists).
      expect(() => process.kill(secondSocketPid, 0)).toThrow();
    }, 240_000);
  });
}
