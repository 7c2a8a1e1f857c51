import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushQueue, enqueue, onQueueOutcome, useOfflineQueue, type QueueOutcome } from './offline-queue';

interface Sent {
  body: unknown;
  key: string | null;
}

/** Stubs fetch: each call takes the next status ('drop': the connection fails), 200 once they run out. */
function server(...replies: ('drop' | number)[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      sent.push({ body: JSON.parse(String(init.body)) as unknown, key: new Headers(init.headers).get('idempotency-key') });
      const reply = replies.shift() ?? 200;
      if (reply === 'drop') throw new TypeError('Failed to fetch');
      return new Response(
        JSON.stringify(
          reply < 400 ? { position: 40 + sent.length } : { message: 'This ride has already been accepted by another driver.' },
        ),
        { status: reply },
      );
    }),
  );
  return sent;
}

const step = (event: string, owner = 'D100') =>
  enqueue({
    owner,
    method: 'PUT',
    path: '/api/bookings/update-timestamps',
    body: { rideId: 'R1', event },
    label: event,
    tag: 'step:R1',
    doneMessage: `${event} sent.`,
  });

/** Runs the flush to its end, letting the api client's retry waits pass. */
async function flushed(owner = 'D100'): Promise<QueueOutcome[]> {
  const outcome = flushQueue(owner);
  await vi.runAllTimersAsync();
  return outcome;
}

describe('The offline queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useOfflineQueue.setState({ commands: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('given steps tapped offline, then they are kept in localStorage and sent in order, each with its own key, and leave the queue', async () => {
    const picked = step('materialPicked');
    const dropped = step('materialDropped');
    expect(JSON.parse(localStorage.getItem('plantride.offlineQueue') ?? '[]')).toHaveLength(2);
    const sent = server();
    const outcomes = await flushed();
    expect(sent.map((s) => s.body)).toEqual([
      { rideId: 'R1', event: 'materialPicked' },
      { rideId: 'R1', event: 'materialDropped' },
    ]);
    expect(sent.map((s) => s.key)).toEqual([picked.key, dropped.key]);
    expect(picked.key).not.toBe(dropped.key);
    expect(outcomes.map((o) => o.sent && o.position)).toEqual([41, 42]);
    expect(useOfflineQueue.getState().commands).toEqual([]);
    expect(localStorage.getItem('plantride.offlineQueue')).toBe('[]');
  });

  it("given the server refuses the first (409), then it is dropped with the server's message and the next still goes", async () => {
    step('materialPicked');
    step('materialDropped');
    const heard: QueueOutcome[] = [];
    const off = onQueueOutcome((outcome) => heard.push(outcome));
    server(409, 200);
    await flushed();
    off();
    expect(heard.map((o) => (o.sent ? 'sent' : o.message))).toEqual(['This ride has already been accepted by another driver.', 'sent']);
    expect(useOfflineQueue.getState().commands).toEqual([]);
  });

  it('given no answer even after the retries, then it stays queued with its key, and the next flush sends it again under that key', async () => {
    const picked = step('materialPicked');
    step('materialDropped');
    const first = server('drop', 'drop', 'drop');
    expect(await flushed()).toEqual([]);
    // Only the first went (three times, the client's own retries): the one after it waits its turn.
    expect(first.map((s) => s.key)).toEqual([picked.key, picked.key, picked.key]);
    expect(useOfflineQueue.getState().commands).toHaveLength(2);

    const second = server();
    await flushed();
    expect(second[0]!.key).toBe(picked.key);
    expect(useOfflineQueue.getState().commands).toEqual([]);
  });

  it('given a 503 that outlasts the retries, then it stays queued', async () => {
    step('materialPicked');
    server(503, 503, 503);
    expect(await flushed()).toEqual([]);
    expect(useOfflineQueue.getState().commands).toHaveLength(1);
  });

  it("given another user's queued action on this browser, then it is not sent for this one", async () => {
    step('materialPicked', 'D200');
    const sent = server();
    expect(await flushed('D100')).toEqual([]);
    expect(sent).toHaveLength(0);
    expect(useOfflineQueue.getState().commands).toHaveLength(1);
  });
});
