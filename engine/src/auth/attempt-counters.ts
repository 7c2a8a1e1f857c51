import type { Redis } from 'ioredis';

export interface Count {
  count: number;
  /** Until the key's window ends and its count starts again from nothing. */
  resetInMs: number;
}

/**
 * Counts attempts under keys, each in a fixed window that starts with its first attempt. One
 * implementation keeps them in this process, the other in Redis, where several engine processes
 * count together.
 */
export interface AttemptCounters {
  /** One more attempt on each key, in one step; null when the store cannot count just now. */
  add(keys: string[], windowMs: number): Promise<Count[] | null>;
  /** Clears the first keys and takes one attempt back from the others (an attempt that turned out right). */
  settle(clear: string[], takeBack: string[]): Promise<void>;
}

export function memoryCounters(now: () => number = Date.now): AttemptCounters {
  const counts = new Map<string, { count: number; endsAt: number }>();
  let nextSweep = 0;
  const live = (key: string, at: number) => {
    const entry = counts.get(key);
    return entry && entry.endsAt > at ? entry : undefined;
  };
  return {
    async add(keys, windowMs) {
      const at = now();
      // Expired keys go once a window, so an address trying many token numbers does not grow the map for good.
      if (at >= nextSweep) {
        for (const [key, entry] of counts) if (entry.endsAt <= at) counts.delete(key);
        nextSweep = at + windowMs;
      }
      return keys.map((key) => {
        const entry = live(key, at) ?? { count: 0, endsAt: at + windowMs };
        entry.count += 1;
        counts.set(key, entry);
        return { count: entry.count, resetInMs: entry.endsAt - at };
      });
    },
    async settle(clear, takeBack) {
      const at = now();
      for (const key of clear) counts.delete(key);
      for (const key of takeBack) {
        const entry = live(key, at);
        if (entry && entry.count > 0) entry.count -= 1;
      }
    },
  };
}

// A key without an expiry (never expected) is given one, so no count outlives its window.
const ADD = `local out = {}
for _, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  out[#out + 1] = count
  out[#out + 1] = ttl
end
return out`;

// Taking back never creates a key: one whose window ended stays gone.
const SETTLE = `local clear = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  if i <= clear then
    redis.call('DEL', key)
  elseif tonumber(redis.call('GET', key) or '0') > 0 then
    redis.call('DECR', key)
  end
end
return 0`;

/** Counters in Redis under `prefix`; a failing Redis answers null (add) or nothing (settle), never throws. */
export function redisCounters(redis: Redis, prefix: string): AttemptCounters {
  const named = (keys: string[]) => keys.map((key) => `${prefix}${key}`);
  return {
    async add(keys, windowMs) {
      try {
        const flat = (await redis.eval(ADD, keys.length, ...named(keys), windowMs)) as number[];
        return keys.map((_, i) => ({ count: Number(flat[2 * i]), resetInMs: Number(flat[2 * i + 1]) }));
      } catch {
        return null;
      }
    },
    async settle(clear, takeBack) {
      await redis.eval(SETTLE, clear.length + takeBack.length, ...named([...clear, ...takeBack]), clear.length).catch(() => undefined);
    },
  };
}
