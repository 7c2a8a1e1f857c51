import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../test-support/test-database';
import { dropRedisPrefix, openTestTimerPort, testTimerKinds, testTimerPrefix } from '../test-support/test-timers';
import type { Timer, TimerPort } from './timer-port';

interface Fired {
  id: string;
  at: number;
  port: number;
}

describe.each(testTimerKinds())('timer port contract on %s', (kind) => {
  let prefix = testTimerPrefix();
  const ports: TimerPort[] = [];
  const fired: Fired[] = [];

  afterEach(async () => {
    await Promise.all(ports.splice(0).map((port) => port.close()));
    fired.length = 0;
    await dropRedisPrefix(prefix);
    prefix = testTimerPrefix();
  });

  const timer = (id: string, inMs: number): Timer => ({
    id,
    dueAt: new Date(Date.now() + inMs),
    command: { type: 'AlertWaitingRide', data: { rideId: id, dueAt: new Date(Date.now() + inMs).toISOString() } },
  });
  /** Opens a port (one per engine process) whose firings are recorded; `fail` makes the first n firings of an id reject. */
  async function open(fail: Record<string, number> = {}): Promise<TimerPort> {
    const port = openTestTimerPort(kind, prefix, () => undefined);
    const index = ports.push(port) - 1;
    await port.start(async (t) => {
      if ((fail[t.id] ?? 0) > 0) {
        fail[t.id]! -= 1;
        throw new Error('store unreachable');
      }
      fired.push({ id: t.id, at: Date.now(), port: index });
    });
    return port;
  }
  const firedIds = () => fired.map((f) => f.id);
  const until = (id: string) => waitFor(() => firedIds().includes(id), 10_000, `${id} to fire`);

  it('given a timer, when its time comes, then it fires once, not before its due time, with its command', async () => {
    const port = await open();
    const t = timer('wait-R1', 150);
    await port.arm(t);
    // A later sentinel firing means anything due before it has had its chance to fire twice.
    await port.arm(timer('sentinel', 400));
    await until('sentinel');
    expect(firedIds().filter((id) => id === 'wait-R1')).toHaveLength(1);
    expect(fired[0]?.at).toBeGreaterThanOrEqual(t.dueAt.getTime());
  });

  it('given a timer armed twice, when its time comes, then it fires once', async () => {
    const port = await open();
    await port.arm(timer('reassign-R2-1-1', 100));
    await port.arm(timer('reassign-R2-1-1', 120));
    await port.arm(timer('sentinel', 400));
    await until('sentinel');
    expect(firedIds()).toEqual(['reassign-R2-1-1', 'sentinel']);
  });

  it('given a timer already past due, when it is armed, then it fires at once', async () => {
    const port = await open();
    await port.arm(timer('overrun-R3', -60_000));
    await until('overrun-R3');
  });

  it('given a timer that is cancelled before its time, when its time passes, then it never fires', async () => {
    const port = await open();
    await port.arm(timer('wait-R4', 150));
    await port.arm(timer('sentinel', 400));
    expect(await port.pending()).toBe(2);
    await port.cancel('wait-R4');
    await port.cancel('never-armed');
    expect(await port.pending()).toBe(1);
    await until('sentinel');
    expect(firedIds()).toEqual(['sentinel']);
    await waitFor(async () => (await port.pending()) === 0, 10_000, 'nothing pending');
  });

  it('given a timer whose firing fails, when it is retried, then it fires once it succeeds', async () => {
    await (await open({ 'wait-R5': 2 })).arm(timer('wait-R5', 50));
    await until('wait-R5');
    expect(firedIds()).toEqual(['wait-R5']);
  });

  it('given a timer armed before the port was started, when it starts, then the timer fires', async () => {
    const port = openTestTimerPort(kind, prefix);
    ports.push(port);
    await port.arm(timer('wait-R6', 50));
    await port.start(async (t) => void fired.push({ id: t.id, at: Date.now(), port: 0 }));
    await until('wait-R6');
  });

  it('given a closed port, when a timer it held comes due, then the closed port fires nothing', async () => {
    const closing = await open();
    await closing.arm(timer('wait-R7', 150));
    await closing.close();
    const other = await open();
    await other.arm(timer('sentinel', 400));
    await until('sentinel');
    expect(fired.filter((f) => f.port === 0)).toEqual([]);
  });

  if (kind === 'bullmq') {
    it('given a timer armed before an engine restart, when it comes due after, then the new process fires it once', async () => {
      const before = await open();
      await before.arm(timer('reassign-R8-1-1', 300));
      await before.close();
      await open();
      await until('reassign-R8-1-1');
      expect(fired).toEqual([expect.objectContaining({ id: 'reassign-R8-1-1', port: 1 })]);
    });

    it('given two engine processes arming the same timers, when they come due, then each fires in one process only', async () => {
      const [a, b] = [await open(), await open()];
      const ids = Array.from({ length: 8 }, (_, i) => `wait-S${i}`);
      for (const id of ids) {
        await a.arm(timer(id, 100));
        await b.arm(timer(id, 100));
      }
      await a.arm(timer('sentinel', 500));
      await until('sentinel');
      expect(firedIds().sort()).toEqual([...ids, 'sentinel'].sort());
    });
  } else {
    it('given timers armed in a process that stops, when a new process starts, then they are gone until the reconciler arms them again', async () => {
      const before = await open();
      await before.arm(timer('wait-R8', 100));
      await before.close();
      const after = await open();
      await after.arm(timer('sentinel', 300));
      await until('sentinel');
      expect(firedIds()).toEqual(['sentinel']);
    });
  }
});
