import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { call, must, nowMs, signIn } from '../support/api-client';
import { resolveModes, type Mode } from '../support/bench-modes';
import { count, flags } from '../support/cli-flags';
import { startEngine } from '../support/engine-child';
import { machineInfo } from '../support/machine';
import { printTable, writeResults } from '../support/report';
import { summarize, type Summary } from '../support/stats';
import { engineRun } from '../load/engine-run';

const USAGE = `npm run bench:webhooks -- [--mode embedded|services|both] [--quick] [--rate 20] [--duration 60] [--outage 600]
  [--outage-as refused|500] [--drain N]
Signed webhooks (issue #33 item 3) against their targets, with a receiver of the bench's own on loopback (node:http;
it checks every signature with its own HMAC code). A service account books rides through POST /api/v1/orders at
--rate a second (open loop: each order at its scheduled moment, whatever the engine answers), in four phases on one
engine with the default retry backoff (1 s doubling, at most a minute apart):
  without   no subscription: the orders' latency, the baseline;
  failing   a subscription whose receiver answers 500 to everything: the orders' latency again (target: p95 at
            most 1.2x the baseline's). The two alternate, without, failing, failing, without, each half of
            --duration, so a machine that slows or speeds up meanwhile weighs on both alike;
  live      a subscription to ride events, receiver up: event -> webhook latency, the receiver's arrival minus the
            event's time field (also minus the order's answer), p50/p95 (target: p95 < 2 s);
  outage    a fresh subscription; after 5 s its receiver goes down (--outage-as: connection refused, or 500) for
            --outage seconds while rides keep being booked, then comes up and booking stops: every ride's event
            must arrive, none twice by id, in store order; reports how long after recovery the backlog drained.
--duration is each of the first three phases' seconds of orders; --drain caps the wait for the backlog after the
outage (default: the outage plus 15 minutes, a backlog of 12,000 rides drains in minutes).
--quick: 20 s phases, a 30 s outage.`;

const values = flags(USAGE, {
  rate: { type: 'string' },
  duration: { type: 'string' },
  outage: { type: 'string' },
  'outage-as': { type: 'string' },
  drain: { type: 'string' },
});
const rate = count(values.rate, 20, 'rate');
const durationS = count(values.duration, values.quick ? 20 : 60, 'duration');
// Issue #33: a receiver down for 10 minutes.
const outageS = count(values.outage, values.quick ? 30 : 600, 'outage');
const outageFlag = (values['outage-as'] as string | undefined) ?? 'refused';
if (outageFlag !== 'refused' && outageFlag !== '500') throw new Error(`--outage-as is refused or 500, not ${outageFlag}`);
const outageAs: 'refused' | '500' = outageFlag;
const drainS = count(values.drain, outageS + 900, 'drain');
if (rate <= 0 || durationS <= 0) throw new Error('--rate and --duration must be above 0');
const WARM_UP_S = 5;
const BEFORE_OUTAGE_S = 5;

/*
 * Targets and ceilings. Issue #33 item 3: an event reaches its webhook within 2 s at p95 at a plant's
 * peak (20 rides a second); a receiver down for 10 minutes loses nothing and gets nothing twice, in
 * order; a receiver that always fails costs the commands nothing measurable: their p95 with it at most
 * 1.2x without (two shared cores move a p95 by ±10 % between runs of the same load).
 */
const TARGETS = { webhookP95Ms: 2000, failingRatio: 1.2 };

interface Arrival {
  id: string;
  type: string;
  position: number;
  eventTime: number;
  rideId: string | null;
  at: number;
  answered: number;
  signature: string;
  body: string;
}

/** A webhook receiver on loopback: up (200), failing (500), or gone (its port refuses connections). */
class Receiver {
  readonly arrivals: Arrival[] = [];
  private server: Server | null = null;
  private port = 0;
  state: 'up' | '500' | 'refused' = 'up';

  async listen(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const at = nowMs();
        const body = Buffer.concat(chunks).toString('utf8');
        const event = JSON.parse(body) as { id: string; type: string; position: number; time: string; data: { rideId?: string } };
        const answered = this.state === 'up' ? 200 : 500;
        this.arrivals.push({
          id: event.id,
          type: event.type,
          position: event.position,
          eventTime: Date.parse(event.time),
          rideId: event.data.rideId ?? null,
          at,
          answered,
          signature: String(request.headers['plantride-signature']),
          body,
        });
        response.writeHead(answered).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async down(as: 'refused' | '500'): Promise<void> {
    this.state = as;
    if (as === 'refused') await this.close();
  }

  async up(): Promise<void> {
    if (this.state === 'refused') await this.listen();
    this.state = 'up';
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  accepted(): Arrival[] {
    return this.arrivals.filter((arrival) => arrival.answered === 200);
  }
}

/** This bench's own check of `PlantRide-Signature: t=…,v1=…`: some v1 is HMAC-SHA256 of `t.body` under `secret`. */
function signedWith(header: string, body: string, secret: string): boolean {
  const parts = header.split(',').map((part) => part.split('=') as [string, string]);
  const t = parts.find(([name]) => name === 't')?.[1] ?? '';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts.some(
    ([name, value]) => name === 'v1' && /^[0-9a-f]{64}$/.test(value) && timingSafeEqual(Buffer.from(value, 'hex'), expected),
  );
}

interface Booked {
  externalRef: string;
  status: number;
  rideId: string | null;
  /** From the order's scheduled moment to its answer (open loop: a late send is charged its wait). */
  ms: number;
  answeredAt: number;
}

/** Orders at `rate` a second for `seconds` (or until `stop()`), each sent at its moment without waiting for the others. */
async function bookRides(url: string, key: string, prefix: string, seconds: number, stop: () => boolean = () => false): Promise<Booked[]> {
  const started = nowMs();
  const total = Math.round(rate * seconds);
  const answers: Promise<Booked>[] = [];
  for (let i = 0; i < total && !stop(); i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - nowMs();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const externalRef = `${prefix}-${i + 1}`;
    answers.push(
      call(url, 'POST', '/api/v1/orders', key, {
        externalRef,
        costCentre: 'CC-7',
        fromLocation: 'main gate',
        toLocation: 'canteen',
        vehicleType: 'Forklift',
      }).then((answer) => ({
        externalRef,
        status: answer.status,
        rideId: typeof answer.body.rideId === 'string' ? answer.body.rideId : null,
        ms: answer.at - due,
        answeredAt: answer.at,
      })),
    );
  }
  return Promise.all(answers);
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** The rides whose RideRequested the receiver accepted. */
const requestedRides = (receiver: Receiver) =>
  new Set<string | null>(receiver.accepted().flatMap((a) => (a.type === 'RideRequested' && a.rideId ? [a.rideId] : [])));

const ok = (booked: readonly Booked[]) => booked.filter((b) => b.status >= 200 && b.status < 300);
const round = (n: number) => Math.round(n * 100) / 100;

/** What a subscription's receiver got against the orders: lost, doubled, out of order, badly signed. */
function audit(receiver: Receiver, booked: readonly Booked[], secret: string) {
  const accepted = receiver.accepted();
  const rides = new Set(accepted.filter((a) => a.type === 'RideRequested').map((a) => a.rideId));
  const ids = accepted.map((a) => a.id);
  return {
    ordered: ok(booked).length,
    delivered: accepted.length,
    lost: ok(booked).filter((b) => !rides.has(b.rideId)).length,
    duplicates: ids.length - new Set(ids).size,
    outOfOrder: accepted.filter((a, i) => i > 0 && a.position <= accepted[i - 1]!.position).length,
    badSignatures: receiver.arrivals.filter((a) => !signedWith(a.signature, a.body, secret)).length,
    failedAttempts: receiver.arrivals.length - accepted.length,
  };
}

interface ModeResult {
  mode: Mode;
  orders: { without: Summary; failing: Summary; live: Summary; outage: Summary };
  refused: { without: number; failing: number; live: number; outage: number };
  failingRatio: number;
  /** Each quarter's order p95 (ms), in the order they ran: without, failing, failing, without. */
  rounds: { without: number[]; failing: number[] };
  failingAttempts: number;
  failingBadSignatures: number;
  webhook: { fromEventTime: Summary; fromOrderAnswer: Summary; halvesP95: number[] };
  live: ReturnType<typeof audit>;
  outage: ReturnType<typeof audit> & {
    outageS: number;
    as: string;
    bookedDuringOutage: number;
    firstDeliveryAfterRecoveryMs: number | null;
    drainedAfterRecoveryMs: number | null;
    drainedWithin: boolean;
    /** Deliveries a second while the backlog drained. */
    drainPerSecond: number | null;
  };
  loadAverage: { start: number[]; end: number[] };
}

async function runMode(mode: Mode): Promise<ModeResult> {
  const log = (text: string) => console.log(`[${mode}] ${text}`);
  return engineRun(mode, 'webhooks', async (run) => {
    const receivers: Receiver[] = [];
    try {
      // The default backoff (WEBHOOK_RETRY_BASE_MS 1000, at most a minute apart) and timeout: only the
      // hosts and the service account's rate limit are opened for the bench.
      run.engine = await startEngine(run.store, {
        env: {
          WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
          WEBHOOK_ALLOW_PRIVATE: '1',
          SERVICE_RATE_BURST: '1000000',
          SERVICE_RATE_PER_SEC: '1000000',
          // No driver takes these rides: the wait alert (5 min by default) would fire one more command per
          // ride in a long outage run, which a plant whose drivers accept rides does not see.
          RIDE_WAIT_ALERT_MS: String(24 * 3600_000),
        },
      });
      const url = run.engine.url;
      const admin = await signIn(url, run.engine.adminTokenNo, run.engine.adminPassword);
      await must(url, 'POST', '/api/drivers/add', admin, {
        operatorId: 'DR01',
        vehicle: 'MH12 AB 1000',
        name: 'Ravi Kumar',
        mobile: '9876543210',
        forklift: '1',
        vehicleAssigned: 'Forklift',
      });
      const { apiKey } = (await must(url, 'POST', '/api/service-accounts', admin, {
        name: 'MES',
        scopes: ['orders:write', 'webhooks:manage'],
      })) as { apiKey: string };
      const subscribe = async (receiver: Receiver) => {
        receivers.push(receiver);
        const hook = await receiver.listen();
        return (await must(url, 'POST', '/api/v1/webhooks', apiKey, { url: hook, events: ['rides'] })) as {
          subscriptionId: string;
          secret: string;
        };
      };
      const unsubscribe = (subscriptionId: string) => must(url, 'DELETE', `/api/v1/webhooks/${subscriptionId}`, apiKey);
      const loadStart = loadavg();
      log(`engine pid ${run.engine.pid}; warming up ${WARM_UP_S} s`);
      await bookRides(url, apiKey, 'warm', WARM_UP_S);

      // Commands without, with, with, without a subscription whose receiver answers 500 to everything
      // (A B B A: a drift of the machine's speed meanwhile weighs on both alike).
      const half = durationS / 2;
      const p95Of = (booked: readonly Booked[]) => summarize(ok(booked).map((b) => b.ms)).p95;
      const without1 = await bookRides(url, apiKey, 'without-1', half);
      const failingReceiver = new Receiver();
      failingReceiver.state = '500';
      const failingSubscription = await subscribe(failingReceiver);
      const failing1 = await bookRides(url, apiKey, 'failing-1', half);
      const failing2 = await bookRides(url, apiKey, 'failing-2', half);
      await unsubscribe(failingSubscription.subscriptionId);
      const without2 = await bookRides(url, apiKey, 'without-2', half);
      const without = [...without1, ...without2];
      const failing = [...failing1, ...failing2];
      const rounds = { without: [p95Of(without1), p95Of(without2)], failing: [p95Of(failing1), p95Of(failing2)] };
      log(`order p95 without ${rounds.without.join(', ')} ms; with a failing receiver ${rounds.failing.join(', ')} ms`);
      log(
        `with a failing receiver: order p95 ${summarize(ok(failing).map((b) => b.ms)).p95} ms, ${failingReceiver.arrivals.length} attempts`,
      );

      // Event → webhook at the rate.
      const liveReceiver = new Receiver();
      const liveSubscription = await subscribe(liveReceiver);
      const live = await bookRides(url, apiKey, 'live', durationS);
      const liveRides = new Set(ok(live).map((b) => b.rideId));
      const arrivedAll = await waitUntil(() => requestedRides(liveReceiver).size >= liveRides.size, 120_000);
      if (!arrivedAll) log('WARNING: not every live ride arrived within 120 s');
      await unsubscribe(liveSubscription.subscriptionId);
      const answeredAt = new Map(ok(live).map((b) => [b.rideId, b.answeredAt]));
      const rideArrivals = liveReceiver.accepted().filter((a) => a.type === 'RideRequested' && answeredAt.has(a.rideId));
      const webhook = {
        fromEventTime: summarize(rideArrivals.map((a) => a.at - a.eventTime)),
        fromOrderAnswer: summarize(rideArrivals.map((a) => a.at - answeredAt.get(a.rideId)!)),
        // A delay that grows from the first half of the rides to the second is a worker slower than the rate.
        halvesP95: [rideArrivals.slice(0, rideArrivals.length >> 1), rideArrivals.slice(rideArrivals.length >> 1)].map(
          (arrivals) => summarize(arrivals.map((a) => a.at - a.eventTime)).p95,
        ),
      };
      log(`live: webhook p95 ${webhook.fromEventTime.p95} ms from the event's time`);

      // The outage: up, down for outageS while booking goes on, up (booking stops), then the backlog drains.
      const outageReceiver = new Receiver();
      const outageSubscription = await subscribe(outageReceiver);
      let downAt = 0;
      let upAt = 0;
      let recovered = false;
      const phases = (async () => {
        await new Promise((resolve) => setTimeout(resolve, BEFORE_OUTAGE_S * 1000));
        await outageReceiver.down(outageAs);
        downAt = nowMs();
        log(`receiver down (${outageAs === 'refused' ? 'connection refused' : '500'}) for ${outageS} s`);
        await new Promise((resolve) => setTimeout(resolve, outageS * 1000));
        await outageReceiver.up();
        upAt = nowMs();
        recovered = true;
        log('receiver up; booking stops');
      })();
      const outage = await bookRides(url, apiKey, 'outage', BEFORE_OUTAGE_S + outageS + 60, () => recovered);
      await phases;
      const outageRides = new Set(ok(outage).map((b) => b.rideId));
      // The set of rides heard is built once a check: built once a ride (as before), a 12,000-ride backlog
      // cost 144 million lookups every 20 ms, and the receiver, on this process's event loop, answered
      // late: the engine's 5 s time limit ran out on deliveries the receiver had taken, and sent them again.
      const drainedWithin = await waitUntil(() => {
        const heard = requestedRides(outageReceiver);
        return [...outageRides].every((rideId) => heard.has(rideId));
      }, drainS * 1000);
      const afterUp = outageReceiver.accepted().filter((a) => a.at >= upAt);
      const outageAudit = audit(outageReceiver, outage, outageSubscription.secret);
      const result: ModeResult = {
        mode,
        orders: {
          without: summarize(ok(without).map((b) => b.ms)),
          failing: summarize(ok(failing).map((b) => b.ms)),
          live: summarize(ok(live).map((b) => b.ms)),
          outage: summarize(ok(outage).map((b) => b.ms)),
        },
        refused: {
          without: without.length - ok(without).length,
          failing: failing.length - ok(failing).length,
          live: live.length - ok(live).length,
          outage: outage.length - ok(outage).length,
        },
        failingRatio: 0,
        rounds,
        failingAttempts: failingReceiver.arrivals.length,
        failingBadSignatures: failingReceiver.arrivals.filter((a) => !signedWith(a.signature, a.body, failingSubscription.secret)).length,
        webhook,
        live: audit(liveReceiver, live, liveSubscription.secret),
        outage: {
          ...outageAudit,
          outageS,
          as: outageAs,
          bookedDuringOutage: ok(outage).filter((b) => b.answeredAt >= downAt && b.answeredAt < upAt).length,
          firstDeliveryAfterRecoveryMs: afterUp.length ? round(afterUp[0]!.at - upAt) : null,
          drainedAfterRecoveryMs: drainedWithin && afterUp.length ? round(Math.max(...afterUp.map((a) => a.at)) - upAt) : null,
          drainedWithin,
          drainPerSecond:
            drainedWithin && afterUp.length > 1 ? round((afterUp.length / (afterUp.at(-1)!.at - afterUp[0]!.at)) * 1000) : null,
        },
        loadAverage: { start: loadStart, end: loadavg() },
      };
      result.failingRatio = round(result.orders.failing.p95 / result.orders.without.p95);
      return result;
    } finally {
      await Promise.all(receivers.map((receiver) => receiver.close()));
    }
  });
}

const machine = await machineInfo();
const loadStart = loadavg();
console.log(`load average at start: ${loadStart.map((n) => n.toFixed(2)).join(' ')}`);
const results: ModeResult[] = [];
for (const mode of await resolveModes(values.mode)) results.push(await runMode(mode));
const loadEnd = loadavg();

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
printTable(
  `Signed webhooks against issue #33's targets — ${rate} rides/s, load average ${loadStart.map((n) => n.toFixed(2)).join(' ')} at the start, ` +
    `${loadEnd.map((n) => n.toFixed(2)).join(' ')} at the end${machine.busy ? ', BUSY MACHINE' : ''}`,
  ['mode', 'figure', 'value', 'ceiling', 'verdict'],
  results.flatMap((r) => [
    [r.mode, 'event → webhook p50 (ms, from the event time)', r.webhook.fromEventTime.p50, '–', ''],
    [
      r.mode,
      'event → webhook p95 (ms, from the event time)',
      r.webhook.fromEventTime.p95,
      TARGETS.webhookP95Ms,
      verdict(r.webhook.fromEventTime.p95 < TARGETS.webhookP95Ms),
    ],
    [r.mode, 'order answer → webhook p50 / p95 (ms)', `${r.webhook.fromOrderAnswer.p50} / ${r.webhook.fromOrderAnswer.p95}`, '–', ''],
    [r.mode, 'event → webhook p95, first / second half of the rides (ms)', r.webhook.halvesP95.join(' / '), '–', ''],
    [
      r.mode,
      'live: lost / twice / out of order / bad signature',
      `${r.live.lost} / ${r.live.duplicates} / ${r.live.outOfOrder} / ${r.live.badSignatures}`,
      '0 / 0 / 0 / 0',
      verdict(r.live.lost + r.live.duplicates + r.live.outOfOrder + r.live.badSignatures === 0),
    ],
    [
      r.mode,
      `order p95 with a receiver failing forever / without (ms; ${r.failingAttempts} attempts at it, ${r.failingBadSignatures} badly signed)`,
      `${r.orders.failing.p95} / ${r.orders.without.p95} = ${r.failingRatio}× (quarters: ${r.rounds.without[0]}, ${r.rounds.failing.join(', ')}, ${r.rounds.without[1]})`,
      `${TARGETS.failingRatio}×`,
      verdict(r.failingRatio <= TARGETS.failingRatio),
    ],
    [
      r.mode,
      `outage ${r.outage.outageS} s (${r.outage.as}): rides booked 2xx / delivered events`,
      `${r.outage.ordered} (${r.outage.bookedDuringOutage} while down) / ${r.outage.delivered}`,
      '–',
      '',
    ],
    [
      r.mode,
      'outage: lost / twice / out of order / bad signature',
      `${r.outage.lost} / ${r.outage.duplicates} / ${r.outage.outOfOrder} / ${r.outage.badSignatures}`,
      '0 / 0 / 0 / 0',
      verdict(r.outage.drainedWithin && r.outage.lost + r.outage.duplicates + r.outage.outOfOrder + r.outage.badSignatures === 0),
    ],
    [
      r.mode,
      `outage: first delivery / backlog drained, after recovery (s; ${r.outage.drainPerSecond ?? '–'} deliveries/s)`,
      `${r.outage.firstDeliveryAfterRecoveryMs === null ? '–' : (r.outage.firstDeliveryAfterRecoveryMs / 1000).toFixed(1)} / ${r.outage.drainedAfterRecoveryMs === null ? `not within ${drainS} s` : (r.outage.drainedAfterRecoveryMs / 1000).toFixed(1)}`,
      '–',
      '',
    ],
  ]),
);
printTable(
  'Orders (POST /api/v1/orders, ms from the scheduled moment)',
  ['mode', 'phase', 'orders', 'p50', 'p95', 'p99', 'max', 'not 2xx'],
  results.flatMap((r) =>
    (['without', 'failing', 'live', 'outage'] as const).map((phase) => [
      r.mode,
      phase,
      r.orders[phase].count,
      r.orders[phase].p50,
      r.orders[phase].p95,
      r.orders[phase].p99,
      r.orders[phase].max,
      r.refused[phase],
    ]),
  ),
);
writeResults('webhooks', {
  bench: 'webhooks',
  machine,
  rate,
  durationS,
  outageS,
  outageAs,
  drainS,
  quick: values.quick,
  targets: TARGETS,
  results,
  loadAverage: { start: loadStart, end: loadEnd },
});
process.exit(0);
