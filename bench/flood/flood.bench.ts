import { io } from 'socket.io-client';
import { VEHICLE_TYPES } from '@plantride/schemas';
import { call, type Answer } from '../support/api-client';
import { resolveModes, type Mode } from '../support/bench-modes';
import { count, flags } from '../support/cli-flags';
import { startEngine } from '../support/engine-child';
import { machineInfo } from '../support/machine';
import { printTable, writeResults } from '../support/report';
import { summarize, type Summary } from '../support/stats';
import { createPeople, type Person } from '../load/load-people';
import { engineRun } from '../load/engine-run';

const USAGE = `npm run bench:flood -- [--mode embedded|services|both] [--quick] [--calls 100] [--flood-messages 20000]
How much one flooding party slows the others (issue #17, item 3; the floods test counts, this times).
An engine with the production limits (a burst of 20 commands per user, then 5 a second; 50 socket
messages per socket, then 20 a second). A bystander requester books and cancels --calls times, 4 calls
a second (under his own limit), first alone, then while another requester fires bookings 32 at a time for as long as
the bystander runs and one socket sends --flood-messages trackRide messages as fast as it can. Prints the bystander's
latency in both phases, what the flooder got (2xx, 429) and when the flooding socket was cut off.`;

const values = flags(USAGE, { calls: { type: 'string' }, 'flood-messages': { type: 'string' } });
const calls = count(values.calls, values.quick ? 30 : 100, 'calls');
// The bystander keeps under his own limit (5 a second): one call every 250 ms, whatever its answer took.
const BYSTANDER_SPACING_MS = 250;
const floodMessages = count(values['flood-messages'], values.quick ? 5000 : 20_000, 'flood-messages');

const booking = (who: Person) => ({
  userId: who.tokenNo,
  fromLocation: 'main gate',
  toLocation: 'canteen',
  vehicleType: VEHICLE_TYPES[0],
  rideType: 'Regular',
  reqName: 'Asha Rao',
  reqMobileNo: '9000000001',
});

/** The bystander's round: book, then cancel what was booked, `calls` times, paced; the latency of each call. */
async function bystander(url: string, who: Person): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  let due = performance.now();
  const paced = async (method: 'POST' | 'DELETE', path: string, body: unknown) => {
    due += BYSTANDER_SPACING_MS;
    const answer = await call(url, method, path, who.token, body);
    latencies.push(answer.ms);
    if (answer.status !== 200) failures += 1;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    return answer;
  };
  for (let i = 0; i < calls; i += 1) {
    const booked = await paced('POST', '/api/bookings/book-ride', booking(who));
    if (booked.status === 200) await paced('DELETE', `/api/bookings/cancel/${String(booked.body.rideId)}`, undefined);
  }
  return { latencies, failures };
}

/** One socket sending trackRide as fast as it can until the engine cuts it off; how many it sent and why it ended. */
async function floodSocket(
  url: string,
  who: Person,
  stop: () => boolean,
): Promise<{ sent: number; reason: string; cutOffAfterMs: number | null }> {
  const socket = io(url, {
    path: '/socket.io',
    auth: { token: who.token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const started = performance.now();
  let sent = 0;
  let reason = 'still open';
  let cutOffAfterMs: number | null = null;
  const ended = new Promise<void>((resolve) =>
    socket.once('disconnect', (why) => {
      reason = why;
      cutOffAfterMs = performance.now() - started;
      resolve();
    }),
  );
  while (socket.connected && sent < floodMessages && !stop()) {
    socket.emit('trackRide', { rideId: 'R-none' });
    sent += 1;
    // Let the socket write and hear between bursts of 100.
    if (sent % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  if (socket.connected) socket.disconnect();
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1000))]);
  return { sent, reason, cutOffAfterMs };
}

/** Bookings 32 at a time, as fast as the engine answers, for as long as the bystander runs. */
async function floodCommandsFrom(url: string, who: Person, stop: () => boolean): Promise<Answer[]> {
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (!stop()) answers.push(await call(url, 'POST', '/api/bookings/book-ride', who.token, booking(who)));
    }),
  );
  return answers;
}

interface ModeResult {
  mode: Mode;
  alone: Summary;
  flooded: Summary;
  bystanderFailures: { alone: number; flooded: number };
  flooder: { sent: number; ok: number; tooMany: number; other: number };
  socket: { sent: number; reason: string; cutOffAfterMs: number | null };
}

async function runMode(mode: Mode): Promise<ModeResult> {
  return engineRun(mode, 'flood', async (run) => {
    // The production limits, not the raised ones the other benches use.
    run.engine = await startEngine(run.store, { env: { COMMAND_RATE_BURST: '20', COMMAND_RATE_PER_SEC: '5' } });
    const url = run.engine.url;
    const people = await createPeople(url, { tokenNo: run.engine.adminTokenNo, password: run.engine.adminPassword }, 3, 4, (text) =>
      console.log(`[${mode}] ${text}`),
    );
    const [quiet, flooder, socketOwner] = people.requesters as [Person, Person, Person];
    const alone = await bystander(url, quiet);
    console.log(`[${mode}] bystander alone: ${alone.latencies.length} calls`);
    let flooding = true;
    const [flooded, commands, socket] = await Promise.all([
      bystander(url, quiet).finally(() => (flooding = false)),
      floodCommandsFrom(url, flooder, () => !flooding),
      floodSocket(url, socketOwner, () => !flooding),
    ]);
    console.log(`[${mode}] bystander while flooded: ${flooded.latencies.length} calls`);
    const ok = commands.filter((answer) => answer.status === 200).length;
    const tooMany = commands.filter((answer) => answer.status === 429).length;
    return {
      mode,
      alone: summarize(alone.latencies),
      flooded: summarize(flooded.latencies),
      bystanderFailures: { alone: alone.failures, flooded: flooded.failures },
      flooder: { sent: commands.length, ok, tooMany, other: commands.length - ok - tooMany },
      socket,
    };
  });
}

const machine = await machineInfo();
const results: ModeResult[] = [];
for (const mode of await resolveModes(values.mode)) results.push(await runMode(mode));

printTable(
  `Bystander's calls (ms; book and cancel, one after the other) — load average ${machine.loadAverage}${machine.busy ? ', BUSY MACHINE' : ''}`,
  ['mode', 'phase', 'calls', 'p50', 'p95', 'p99', 'max', 'refused'],
  results.flatMap((r) => [
    [r.mode, 'alone', r.alone.count, r.alone.p50, r.alone.p95, r.alone.p99, r.alone.max, r.bystanderFailures.alone],
    [r.mode, 'while flooded', r.flooded.count, r.flooded.p50, r.flooded.p95, r.flooded.p99, r.flooded.max, r.bystanderFailures.flooded],
  ]),
);
printTable(
  'The flooders',
  ['mode', 'bookings fired', '2xx', '429', 'other', 'socket messages sent', 'socket ended', 'after ms'],
  results.map((r) => [
    r.mode,
    r.flooder.sent,
    r.flooder.ok,
    r.flooder.tooMany,
    r.flooder.other,
    r.socket.sent,
    r.socket.reason,
    r.socket.cutOffAfterMs === null ? '–' : Math.round(r.socket.cutOffAfterMs),
  ]),
);
writeResults('flood', { machine, calls, floodMessages, results });
