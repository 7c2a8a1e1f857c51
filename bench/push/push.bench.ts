import { createECDH } from 'node:crypto';
import { loadavg } from 'node:os';
import { VEHICLE_TYPES } from '@plantride/schemas';
import { call, inParallel, must, nowMs } from '../support/api-client';
import { resolveModes, type Mode } from '../support/bench-modes';
import { count, flags } from '../support/cli-flags';
import { startEngine } from '../support/engine-child';
import { machineInfo } from '../support/machine';
import { printTable, writeResults } from '../support/report';
import { summarize, type Summary } from '../support/stats';
import { engineRun } from '../load/engine-run';
import { createPeople } from '../load/load-people';
import { TestPushService } from '../../engine/src/test-support/push-service';

const USAGE = `npm run bench:push -- [--mode embedded|services|both] [--quick] [--rate 10] [--duration 30] [--drivers 8]
Web Push (issue #34 item 1) against its target: a push handed to the push service within 1 s of its event (p95).
--drivers drivers (the vehicle types in turn) start their shift and turn notifications on, each with a device at a
push service of the bench's own on loopback, which decrypts every payload with the device's keys (RFC 8291) and
checks the VAPID signature (RFC 8292) with code of its own (engine/src/test-support/push-service.ts). A requester
books rides at --rate a second for --duration seconds (open loop), the vehicle types in turn, broadcast dispatch:
each ride is pushed to every free driver of its type. Figures: the push's arrival at the push service minus the
booking's answer (the ride's event is appended before it), and minus the moment the booking was due to be sent.
--quick: 10 s.`;

const values = flags(USAGE, { rate: { type: 'string' }, duration: { type: 'string' }, drivers: { type: 'string' } });
const rate = count(values.rate, 10, 'rate');
const durationS = count(values.duration, values.quick ? 10 : 30, 'duration');
const drivers = count(values.drivers, 8, 'drivers');
if (rate <= 0 || durationS <= 0 || drivers < VEHICLE_TYPES.length)
  throw new Error(`--rate and --duration above 0, --drivers at least ${VEHICLE_TYPES.length}`);
/** Issue #34 item 1: the push handed to the push service within 1 s of the event, p95. */
const TARGET_P95_MS = 1000;

interface Booked {
  rideId: string;
  due: number;
  answeredAt: number;
}

interface ModeResult {
  mode: Mode;
  rides: number;
  expected: number;
  arrived: number;
  lost: number;
  twice: number;
  fromAnswer: Summary;
  fromDue: Summary;
  bookings: Summary;
}

function vapidEnv(): Record<string, string> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url').padStart(43, 'A'),
    VAPID_SUBJECT: 'mailto:bench@plant.example',
  };
}

async function runMode(mode: Mode): Promise<ModeResult> {
  const log = (text: string) => console.log(`[${mode}] ${text}`);
  return engineRun(mode, 'push', async (run) => {
    const vapid = vapidEnv();
    const service = new TestPushService(vapid.VAPID_PUBLIC_KEY!);
    await service.listen();
    try {
      run.engine = await startEngine(run.store, {
        env: {
          ...vapid,
          PUSH_ALLOWED_HOSTS: '127.0.0.1',
          PUSH_ALLOW_PRIVATE: '1',
          COMMAND_RATE_BURST: '1000000',
          COMMAND_RATE_PER_SEC: '1000000',
          // Nobody takes the bench's rides: no wait alert (and its second announcement) within the run.
          RIDE_WAIT_ALERT_MS: String(24 * 3600_000),
        },
      });
      const url = run.engine.url;
      const people = await createPeople(url, { tokenNo: run.engine.adminTokenNo, password: run.engine.adminPassword }, 1, drivers, log);
      await inParallel(people.drivers, 4, async (driver) => {
        await must(url, 'POST', '/api/drivers/shift', driver.token, { on: true, location: 'canteen' });
        const device = service.device(driver.tokenNo);
        await must(url, 'POST', '/api/push/subscriptions', driver.token, { endpoint: device.endpoint, keys: device.keys });
      });
      log(`${drivers} drivers on shift with notifications on`);
      const requester = people.requesters[0]!;
      const started = nowMs();
      const total = Math.round(rate * durationS);
      const answers: Promise<Booked | null>[] = [];
      for (let i = 0; i < total; i += 1) {
        const due = started + (i * 1000) / rate;
        const wait = due - nowMs();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const vehicleType = VEHICLE_TYPES[i % VEHICLE_TYPES.length]!;
        answers.push(
          call(url, 'POST', '/api/bookings/book-ride', requester.token, {
            userId: requester.tokenNo,
            fromLocation: 'RMS',
            toLocation: 'fgs',
            vehicleType,
          }).then((answer) =>
            answer.status === 200 && typeof answer.body.rideId === 'string'
              ? { rideId: answer.body.rideId, due, answeredAt: answer.at }
              : null,
          ),
        );
      }
      const booked = (await Promise.all(answers)).filter((b): b is Booked => b !== null);
      const typeOf = (rideIndex: number) => VEHICLE_TYPES[rideIndex % VEHICLE_TYPES.length]!;
      const expected = booked.reduce((sum, _b, i) => sum + people.drivers.filter((d) => d.vehicleType === typeOf(i)).length, 0);
      const deadline = Date.now() + 30_000;
      while (service.received.length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const byRide = new Map(booked.map((b) => [`ride-${b.rideId}`, b]));
      const pushes = service.received.flatMap((push) => {
        const ride = byRide.get((push.payload as { tag?: string }).tag ?? '');
        return ride ? [{ push, ride }] : [];
      });
      const keys = pushes.map(({ push, ride }) => `${push.device}/${ride.rideId}`);
      log(`${booked.length} rides booked, ${pushes.length} of ${expected} pushes arrived`);
      return {
        mode,
        rides: booked.length,
        expected,
        arrived: pushes.length,
        lost: expected - new Set(keys).size,
        twice: keys.length - new Set(keys).size,
        fromAnswer: summarize(pushes.map(({ push, ride }) => push.at - ride.answeredAt)),
        fromDue: summarize(pushes.map(({ push, ride }) => push.at - ride.due)),
        bookings: summarize(booked.map((b) => b.answeredAt - b.due)),
      };
    } finally {
      await service.close();
    }
  });
}

const machine = await machineInfo();
const loadStart = loadavg();
console.log(`load average at start: ${loadStart.map((n) => n.toFixed(2)).join(' ')}`);
const results: ModeResult[] = [];
for (const mode of await resolveModes(values.mode)) results.push(await runMode(mode));
const loadEnd = loadavg();
printTable(
  `Web Push against issue #34's target — ${rate} rides/s for ${durationS} s, ${drivers} drivers, load average ` +
    `${loadStart.map((n) => n.toFixed(2)).join(' ')} at the start, ${loadEnd.map((n) => n.toFixed(2)).join(' ')} at the end${machine.busy ? ', BUSY MACHINE' : ''}`,
  ['mode', 'figure', 'value', 'ceiling', 'verdict'],
  results.flatMap((r) => [
    [
      r.mode,
      'booking answer → push at the push service p50 / p95 / max (ms)',
      `${r.fromAnswer.p50} / ${r.fromAnswer.p95} / ${r.fromAnswer.max}`,
      TARGET_P95_MS,
      r.fromAnswer.p95 < TARGET_P95_MS ? 'met' : 'MISSED',
    ],
    [r.mode, 'booking due → push p50 / p95 (ms)', `${r.fromDue.p50} / ${r.fromDue.p95}`, '–', ''],
    [r.mode, 'booking p50 / p95 (ms)', `${r.bookings.p50} / ${r.bookings.p95}`, '–', ''],
    [
      r.mode,
      'rides / pushes expected / arrived, lost, twice',
      `${r.rides} / ${r.expected} / ${r.arrived}, ${r.lost}, ${r.twice}`,
      '0 lost',
      r.lost === 0 ? 'met' : 'MISSED',
    ],
  ]),
);
writeResults('push', { bench: 'push', machine, rate, durationS, drivers, results, loadAverage: { start: loadStart, end: loadEnd } });
process.exit(0);
