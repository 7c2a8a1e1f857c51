import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { webhookEventTypes } from '@plantride/schemas';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import type { StoreKind } from '../database/database';
import { freePort, type EngineProcess } from '../deploy/engine-process';
import { seededRandom } from '../test-support/seeded-random';
import { testStoreKinds, waitFor } from '../test-support/test-database';
import { embeddedStore, servicesStore, type EngineStore } from './faults-support/engine-store';
import { tracer } from './faults-support/trace';
import { spawnStandby, type StandbyEngine } from './faults-support/warm-engine';

/*
 * Signed webhooks (issue #33 item 3) across engine crashes: a real engine process (server.ts, on the
 * pass's store) delivers ride events to a receiver of this test's own on loopback while a service
 * account books rides through POST /api/v1/orders; the engine is SIGKILLed a few times at seeded
 * moments and started again on the same store, and the receiver answers 500 for a stretch. At the
 * end: every RideRequested of every order answered 2xx reached the receiver and was accepted; the
 * accepted deliveries are exactly the store's ride events after the subscription; first copies come
 * in the store's order; a copy accepted twice is only ever the event in flight at a kill, at most one
 * per kill; every request carries a signature this file's own HMAC code accepts.
 *
 * The store's order is commit order, (transaction_id, global_position), the order every `$all` reader
 * follows (postgres-event-store.ts, readAllOn). On PGlite (one connection, appends one after another)
 * that is ascending `position`, and it is checked as such. On PostgreSQL two appends that overlap can
 * commit out of position order (the later position in the earlier transaction), so a webhook with a
 * higher `position` may come first: this test checks commit order there and counts such inversions.
 */

const SIGNATURE_MAX_AGE_S = 300;
/** The stretch of 500s: with WEBHOOK_RETRY_BASE_MS 100 the engine retries after 0.1, 0.2, 0.4, 0.8 and 1.6 s. */
const FAILED_STRETCH = 5;
const KILL_KINDS = ['random moment', 'during the 500s', 'in flight'] as const;
type KillKind = (typeof KILL_KINDS)[number];

/** An independent check of `PlantRide-Signature: t=…,v1=…[,v1=…]`: some v1 is HMAC-SHA256 of `t.body` under `secret`. */
function signedWith(header: string, body: string, secret: string): { ok: boolean; t: number } {
  const parts = header.split(',').map((part) => part.split('=') as [string, string]);
  const t = parts.find(([name]) => name === 't')?.[1] ?? '';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const ok = parts.some(
    ([name, value]) => name === 'v1' && /^[0-9a-f]{64}$/.test(value) && timingSafeEqual(Buffer.from(value, 'hex'), expected),
  );
  return { ok, t: Number(t) };
}

interface Arrival {
  id: string;
  type: string;
  position: number;
  rideId: string | null;
  idHeader: string;
  signature: string;
  body: string;
  /** 200 or 500; null for a request that came while an engine was being killed, left unanswered. */
  answered: 200 | 500 | null;
  /** How many engines were killed before it came: which engine sent it. */
  generation: number;
  at: number;
}

interface Order {
  externalRef: string;
  rideId: string;
  status: number;
}

const openStore = (kind: StoreKind, adminPassword: string): EngineStore => {
  // No ride timer fires during the test: the ride events are the bookings'.
  const options = { adminPassword, reassignTimeoutMs: 600_000, rideWaitAlertMs: 600_000 };
  if (kind === 'pglite') return embeddedStore(options);
  return servicesStore({ ...options, databaseUrl: process.env.TEST_DATABASE_URL!, redisUrl: process.env.TEST_REDIS_URL });
};

/** Each event's place in commit order, by position: the order the store's `$all` readers read. */
async function commitRanks(kind: StoreKind, env: Record<string, string>): Promise<Map<number, number>> {
  const select = (schema: string) => `select global_position from "${schema}".events order by transaction_id, global_position`;
  let positions: Array<string | number>;
  if (kind === 'pglite') {
    const pglite = await PGlite.create(env.DATA_DIR!);
    try {
      positions = (await pglite.query<{ global_position: number }>(select('public'))).rows.map((row) => row.global_position);
    } finally {
      await pglite.close();
    }
  } else {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      positions = (await client.query<{ global_position: string }>(select(env.DATABASE_SCHEMA!))).rows.map((row) => row.global_position);
    } finally {
      await client.end();
    }
  }
  return new Map(positions.map((position, rank) => [Number(position), rank]));
}

// PGlite in the first pass of .ci/run, PostgreSQL (with BullMQ when TEST_REDIS_URL is set) in the second.
describe.each(testStoreKinds())('webhooks from an engine on %s killed (SIGKILL) at random moments while orders are booked', (kind) => {
  const seed = Number(process.env.CRASH_SEED ?? randomInt(1, 2 ** 31));
  // WEBHOOK_KILLS raises the count for a long local run; the kinds of kill take turns.
  const kills = Number(process.env.WEBHOOK_KILLS ?? 3);
  let store: EngineStore | undefined;
  let receiver: Server | undefined;
  const standbys: StandbyEngine[] = [];
  const engines: EngineProcess[] = [];

  afterAll(async () => {
    await Promise.all([...standbys.map((standby) => standby.discard()), ...engines.map((engine) => engine.kill('SIGKILL'))]);
    receiver?.closeAllConnections();
    await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
    await store?.dispose();
  }, 60_000);

  it('then every 2xx order’s RideRequested arrives, signed, first copies in the store’s order, and only an event in flight at a kill comes twice', async () => {
    console.log(`webhooks-kill (${kind}): seed ${seed} (CRASH_SEED=${seed} repeats it), ${kills} kills`);
    onTestFailed(() => console.error(`webhooks-kill (${kind}) seed ${seed}\n--- last engine ---\n${engines.at(-1)?.output() ?? ''}`));
    const began = Date.now();
    const trace = tracer(`webhooks-kill ${kind}`);
    const rng = seededRandom(seed);
    const adminPassword = randomBytes(12).toString('hex');
    const engineStore = (store = openStore(kind, adminPassword));

    // The receiver. Each request's fate is decided when it comes in: held (unanswered) while an engine
    // is being killed, 500 during the stretch, else 200.
    const arrivals: Arrival[] = [];
    let generation = 0;
    let holding = false;
    let failNext = 0;
    let inProgress = 0;
    const held: ServerResponse[] = [];
    /** Called right after a 200 is written, before anything else runs: the in-flight kill. */
    let afterAccept: (() => void) | null = null;
    receiver = createServer((request, response) => {
      inProgress += 1;
      const answered: Arrival['answered'] = holding ? null : failNext > 0 ? 500 : 200;
      if (answered === 500) failNext -= 1;
      const from = generation;
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const event = JSON.parse(body) as { id: string; type: string; position: number; data: { rideId?: string } };
        arrivals.push({
          id: event.id,
          type: event.type,
          position: event.position,
          rideId: event.data.rideId ?? null,
          idHeader: String(request.headers['plantride-event-id']),
          signature: String(request.headers['plantride-signature']),
          body,
          answered,
          generation: from,
          at: Date.now(),
        });
        inProgress -= 1;
        if (answered === null) {
          held.push(response);
          return;
        }
        response.writeHead(answered).end();
        if (answered === 200 && afterAccept) afterAccept();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/plantride`;
    const accepted = () => arrivals.filter((arrival) => arrival.answered === 200);

    // The engines: warm standbys on one port, the next one loading while this one serves.
    const env = {
      ...engineStore.env,
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_ALLOW_PRIVATE: '1',
      // Short retries keep the file short; the backoff's shape (doubling, a cap) is the worker's unit concern.
      WEBHOOK_RETRY_BASE_MS: '100',
      SERVICE_RATE_BURST: '1000000',
      SERVICE_RATE_PER_SEC: '1000000',
    };
    const port = await freePort();
    let spawned = 0;
    const spawnNext = () => {
      if (spawned > kills) return;
      spawned += 1;
      standbys.push(spawnStandby(`engine-${spawned}`, port, env));
    };
    for (let i = 0; i < Math.min(kills + 1, 2); i += 1) spawnNext();
    const startNext = async () => {
      const engine = await standbys.shift()!.start(90_000);
      engines.push(engine);
      spawnNext();
      return engine;
    };
    let current = await startNext();
    const url = current.url;

    // The admin makes a service account; it subscribes the receiver to ride events.
    const json = async (method: string, path: string, token: string | null, body?: unknown) => {
      const answer = await fetch(`${url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const signedIn = await json('POST', '/api/auth/signin', null, { token_no: 'AD01', password: adminPassword });
    const adminToken = (signedIn.user as { jwt_token: string }).jwt_token;
    // Booking needs a driver record of the vehicle type (nobody drives: the rides stay requested).
    await json('POST', '/api/drivers/add', adminToken, {
      operatorId: 'DR01',
      vehicle: 'MH12 AB 1000',
      name: 'Ravi Kumar',
      mobile: '9876543210',
      forklift: '1',
      vehicleAssigned: 'Forklift',
    });
    const { apiKey } = (await json('POST', '/api/service-accounts', adminToken, {
      name: 'MES',
      scopes: ['orders:write', 'webhooks:manage'],
    })) as { apiKey: string };
    const subscribed = (await json('POST', '/api/v1/webhooks', apiKey, { url: hookUrl, events: ['rides'] })) as {
      secret: string;
      position: number;
    };
    trace('engine up, subscribed');

    // Two lanes book rides, each one order after another (about 8 a second each). An order that met a
    // dead engine is sent again with its externalRef until it is answered: orders are idempotent by it.
    const orders: Order[] = [];
    const refused: string[] = [];
    let networkRetries = 0;
    let stopped = false;
    const lane = async (name: string) => {
      for (let n = 1; !stopped; n += 1) {
        const externalRef = `${name}-${n}`;
        for (;;) {
          const answer = await fetch(`${url}/api/v1/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
            body: JSON.stringify({
              externalRef,
              costCentre: 'CC-7',
              fromLocation: 'main gate',
              toLocation: 'canteen',
              vehicleType: 'Forklift',
            }),
          }).then(
            async (response) => ({ status: response.status, body: await response.text() }),
            () => null,
          );
          if (answer && answer.status >= 200 && answer.status < 300) {
            orders.push({ externalRef, rideId: (JSON.parse(answer.body) as { rideId: string }).rideId, status: answer.status });
            break;
          }
          if (answer && answer.status < 500) {
            refused.push(`${externalRef}: ${answer.status} ${answer.body}`);
            trace(`order ${externalRef} refused: ${answer.status} ${answer.body}`);
            break;
          }
          // The engine is down or starting (no answer, 503): the same order again shortly.
          networkRetries += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
    };
    const load = Promise.all([lane('A'), lane('B')]);

    /** SIGKILLs the engine, then starts the next on the same store. */
    const restarts: number[] = [];
    const killNow = async () => {
      // From this moment until the next engine starts, requests are held, never answered: only a live
      // engine's deliveries count as accepted, so a request the dying engine had written but the
      // receiver had not read yet cannot be taken for the next engine's.
      holding = true;
      const dying = current.kill('SIGKILL');
      const killedAt = Date.now();
      await dying;
      await new Promise((resolve) => setImmediate(resolve));
      await waitFor(() => inProgress === 0, 10_000, 'the dead engine’s requests read');
      held.splice(0).forEach((response) => response.socket?.destroy());
      generation += 1;
      holding = false;
      current = await startNext();
      restarts.push(Date.now() - killedAt);
    };
    const ordersSince = (count: number) => () => orders.length >= count;

    const kinds: KillKind[] = [];
    for (let kill = 1; kill <= kills; kill += 1) {
      const kind = KILL_KINDS[(kill - 1) % KILL_KINDS.length]!;
      kinds.push(kind);
      // Under load: the restarted engine has answered orders and delivered since it started.
      const [ordered, delivered] = [orders.length, accepted().length];
      await waitFor(ordersSince(ordered + 3), 60_000, `orders answered after restart ${kill - 1}`);
      await waitFor(() => accepted().length > delivered, 60_000, `a delivery after restart ${kill - 1}`);
      await standbys[0]!.loaded;
      if (kind === 'random moment') {
        await waitFor(ordersSince(orders.length + 1 + Math.floor(rng.next() * 8)), 60_000, 'orders before the kill');
        await new Promise((resolve) => setTimeout(resolve, Math.round(rng.around(300))));
        await killNow();
      } else if (kind === 'during the 500s') {
        // The receiver fails the next deliveries; the engine is killed while it waits to retry, so
        // the next one must take its retries up from the cursor.
        const failed = arrivals.filter((arrival) => arrival.answered === 500).length;
        failNext = FAILED_STRETCH;
        const before = 1 + Math.floor(rng.next() * 3);
        await waitFor(() => arrivals.filter((arrival) => arrival.answered === 500).length >= failed + before, 30_000, 'the 500s');
        await killNow();
      } else {
        // The receiver accepts a delivery and the engine dies before it can record it: the next
        // engine sends that event again, which at-least-once allows.
        const target = accepted().length + 1 + Math.floor(rng.next() * 5);
        let killing: Promise<void> | null = null;
        afterAccept = () => {
          if (accepted().length < target || killing) return;
          afterAccept = null;
          killing = killNow();
        };
        await waitFor(() => killing !== null, 60_000, 'the delivery to kill in flight');
        await killing;
      }
      trace(`kill ${kill} (${kind}): restarted in ${restarts.at(-1)} ms, ${orders.length} orders, ${accepted().length} deliveries`);
    }
    await waitFor(() => failNext === 0, 30_000, 'the end of the 500s');
    const afterKills = orders.length;
    await waitFor(ordersSince(afterKills + 10), 60_000, 'orders answered after the last restart');
    stopped = true;
    await load;
    const ridesOrdered = new Set(orders.map((order) => order.rideId));
    const rideRequested = () => new Set(accepted().flatMap((a) => (a.type === 'RideRequested' && a.rideId ? [a.rideId] : [])));
    await waitFor(() => [...ridesOrdered].every((rideId) => rideRequested().has(rideId)), 60_000, 'every order’s RideRequested accepted');
    // Nothing left to send: the subscription is live and has delivered through the last accepted event.
    // The last one accepted, not the highest position: on PostgreSQL commit order is not position order.
    await waitFor(
      async () => {
        const { subscriptions } = (await json('GET', '/api/v1/webhooks', apiKey)) as {
          subscriptions: Array<{ state: string; deliveredThrough: number | null }>;
        };
        return subscriptions[0]?.state === 'live' && subscriptions[0].deliveredThrough === accepted().at(-1)!.position;
      },
      30_000,
      'the cursor at the last delivery',
    );
    await current.kill('SIGTERM');
    const stored = await engineStore.readEvents();
    trace('load stopped, engine stopped; checking');

    const all = accepted();
    const rank = await commitRanks(kind, engineStore.env);
    const inCommitOrder = (events: readonly { position: number }[]) =>
      [...events].sort((a, b) => (rank.get(a.position) ?? -1) - (rank.get(b.position) ?? -1)).map((event) => event.position);
    const rideTypes = new Set(webhookEventTypes(['rides']));
    const expected = stored.filter((event) => event.position > subscribed.position && rideTypes.has(event.type));
    const duplicates = all.length - new Set(all.map((arrival) => arrival.id)).size;
    const firsts = all.filter((arrival, i) => all.findIndex((other) => other.id === arrival.id) === i);
    // In order, at least once: each accepted delivery comes after the one before in commit order, or,
    // across a kill, is the same event again. The engine moves a subscription's cursor only after the
    // receiver's 2xx, in the same step; an engine killed between the receiver's 2xx and that write
    // left the cursor before the event, so the next engine sends it again. That is the one event in
    // flight (deliveries are one at a time), so at most one duplicate per kill. Two copies from one
    // engine, or a step back over more than that one event, would break the promise.
    const outOfOrder = all.flatMap((arrival, i) => {
      const before = all[i - 1];
      if (!before || rank.get(arrival.position)! > rank.get(before.position)!) return [];
      if (arrival.id === before.id && arrival.generation > before.generation) return [];
      return [`${before.position} (engine ${before.generation}) then ${arrival.position} (engine ${arrival.generation})`];
    });
    const positionInversions = firsts.filter((arrival, i) => i > 0 && arrival.position < firsts[i - 1]!.position).length;
    const badSignatures = arrivals.filter((arrival) => {
      const { ok, t } = signedWith(arrival.signature, arrival.body, subscribed.secret);
      return !ok || signedWith(arrival.signature, arrival.body, 'whsec_wrong').ok || Math.abs(arrival.at / 1000 - t) > SIGNATURE_MAX_AGE_S;
    });
    const failed = arrivals.filter((arrival) => arrival.answered === 500);
    const acceptedIds = new Set(all.map((arrival) => arrival.id));

    console.log(
      `webhooks-kill (${kind}): seed ${seed}, ${kills} kills (${kinds.join(', ')}; restart ${Math.min(...restarts)}–${Math.max(...restarts)} ms), ` +
        `${orders.length} orders answered 2xx (${networkRetries} sent again after a kill), ${stored.length} events, ` +
        `${arrivals.length} requests to the receiver: ${all.length} accepted (${firsts.length} events, ${duplicates} duplicate), ` +
        `${failed.length} answered 500, ${arrivals.length - all.length - failed.length} left unanswered at a kill; ` +
        `${positionInversions} first arrivals below the position before them (commit order); ${Date.now() - began} ms`,
    );
    expect({
      refused,
      missingRides: [...ridesOrdered].filter((rideId) => !rideRequested().has(rideId)),
      // Exactly the store's ride events after the subscription, nothing lost, nothing else.
      positions: [...new Set(all.map((arrival) => arrival.position))].sort((a, b) => a - b),
      firstsInCommitOrder: firsts.map((arrival) => arrival.position),
      outOfOrder,
      // One connection, one append at a time: commit order is position order.
      positionInversions: kind === 'pglite' ? positionInversions : 0,
      idHeaders: all.filter((arrival) => arrival.idHeader !== arrival.id).length,
      badSignatures: badSignatures.length,
      failedThenAccepted: failed.every((arrival) => acceptedIds.has(arrival.id)),
    }).toEqual({
      refused: [],
      missingRides: [],
      positions: expected.map((event) => event.position),
      firstsInCommitOrder: inCommitOrder(expected),
      outOfOrder: [],
      positionInversions: 0,
      idHeaders: 0,
      badSignatures: 0,
      failedThenAccepted: true,
    });
    expect(failed.length).toBe(kinds.filter((k) => k === 'during the 500s').length * FAILED_STRETCH);
    // At most one duplicate per kill: only the one event in flight when it came.
    expect(duplicates).toBeLessThanOrEqual(kills);
  }, 300_000);
});
