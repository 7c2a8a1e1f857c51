import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NoAnswerError, RETRY_DELAYS_MS, api } from './api-client';
import { ActionKeys, newIdempotencyKey } from './idempotency';

const answerSchema = { parse: (value: unknown) => value as { position: number } };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Reply = 'drop' | number;
interface Sent {
  method: string;
  url: string;
  key: string | null;
}

/** Stubs fetch: each call takes the next reply ('drop': the connection fails; a number: that status), 200 once they run out. */
function server(...replies: Reply[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      sent.push({ method: init.method ?? 'GET', url, key: headers.get('idempotency-key') });
      const reply = replies.shift() ?? 200;
      if (reply === 'drop') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply < 400 ? { position: sent.length } : { message: 'refused' }), { status: reply });
    }),
  );
  return sent;
}

const step = (event: string) =>
  api('/api/bookings/update-timestamps', { method: 'PUT', body: { rideId: 'R1', event }, schema: answerSchema });
/** Runs a call to its end, letting the automatic retries' waits pass. */
async function settle<T>(call: Promise<T>): Promise<T> {
  const outcome = call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  const result = await outcome;
  if ('error' in result) throw result.error;
  return result.value;
}

describe('Idempotency-Key: one per user action, reused when that action is sent again', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("given a step whose answer is lost, when the client retries on its own, then the retry carries the same key and the answer is the server's", async () => {
    const sent = server('drop', 200);
    await expect(settle(step('start'))).resolves.toEqual({ position: 2 });
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toMatch(UUID);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('given one action answered, when a different action and then the same call again are sent, then each is a new action with its own key', async () => {
    const sent = server();
    await settle(step('start'));
    await settle(step('materialPicked'));
    await settle(step('start'));
    const keys = sent.map((s) => s.key);
    expect(new Set(keys).size).toBe(3);
  });

  it('given every automatic attempt unanswered, when the user taps the same step again, then it goes with the same key; once answered, the next tap is new', async () => {
    const sent = server(...Array<Reply>(1 + RETRY_DELAYS_MS.length).fill('drop'));
    await expect(settle(step('materialPicked'))).rejects.toBeInstanceOf(NoAnswerError);
    expect(sent).toHaveLength(1 + RETRY_DELAYS_MS.length);
    await settle(step('materialPicked'));
    await settle(step('materialPicked'));
    const [first, ...rest] = sent.map((s) => s.key);
    expect(rest.slice(0, -1)).toEqual(Array(RETRY_DELAYS_MS.length + 1).fill(first));
    expect(rest.at(-1)).not.toBe(first);
  });

  it('given the server refuses (4xx), when the user tries again, then that is a new action with a new key', async () => {
    const sent = server(409);
    await expect(settle(step('start'))).rejects.toMatchObject({ status: 409 });
    await settle(step('start'));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it("given the store is unavailable (503), then the client retries under the same key; a 500 is not retried but its key is kept for the user's retry", async () => {
    const sent = server(503, 200, 500);
    await settle(step('start'));
    expect(sent.map((s) => s.key)).toEqual([sent[0]!.key, sent[0]!.key]);
    const failed = settle(step('end'));
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(3);
    await settle(step('end'));
    expect(sent[3]!.key).toBe(sent[2]!.key);
  });

  it('given a read, sign-in (no command) and a cancel without a body, then only the commands carry a key', async () => {
    const sent = server();
    await settle(api('/api/tracking/ride-status/R1', { schema: answerSchema }));
    await settle(
      api('/api/auth/signin', {
        method: 'POST',
        body: { token_no: 'AB12', password: 'x' },
        schema: answerSchema,
        anonymous: true,
        command: false,
      }),
    );
    await settle(
      api('/api/auth/signup', { method: 'POST', body: { token_no: 'AB12', password: 'x' }, schema: answerSchema, anonymous: true }),
    );
    await settle(api('/api/bookings/cancel/R1', { method: 'DELETE', schema: answerSchema }));
    expect(sent.map((s) => [s.method, s.key === null ? 'no key' : 'key'])).toEqual([
      ['GET', 'no key'],
      ['POST', 'no key'],
      ['POST', 'key'],
      ['DELETE', 'key'],
    ]);
  });
});

describe('ActionKeys', () => {
  it('given more open actions than it keeps, then the oldest is forgotten first and gets a new key', () => {
    let n = 0;
    const keys = new ActionKeys(() => `k${++n}`, 2);
    expect([keys.keyFor('a'), keys.keyFor('b'), keys.keyFor('a')]).toEqual(['k1', 'k2', 'k1']);
    keys.keyFor('c');
    expect([keys.keyFor('b'), keys.keyFor('a')]).toEqual(['k2', 'k4']);
  });

  it('given an action answered under an older key, then a newer send of it stays open', () => {
    let n = 0;
    const keys = new ActionKeys(() => `k${++n}`);
    keys.keyFor('a');
    keys.answered('a', 'k1');
    expect(keys.keyFor('a')).toBe('k2');
    keys.answered('a', 'k1');
    expect(keys.keyFor('a')).toBe('k2');
  });

  it('given no crypto.randomUUID (plain http), then keys are still v4 uuids', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    try {
      const made = new Set(Array.from({ length: 20 }, newIdempotencyKey));
      expect(made.size).toBe(20);
      for (const key of made) expect(key).toMatch(UUID);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
