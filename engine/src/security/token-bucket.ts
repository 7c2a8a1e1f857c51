/** A rate: `burst` at once, then `perSecond` on average. */
export interface Rate {
  burst: number;
  perSecond: number;
}

export type Take = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface TokenBuckets {
  /** One token from `key`'s bucket, or how long until its next one. */
  take(key: string): Take;
  /** Keys with a bucket now (full ones are dropped from time to time). */
  readonly size: number;
}

/**
 * Token buckets in this process, one per key: each holds up to `burst` tokens and gains
 * `perSecond` a second; a take needs a whole token. A bucket that would be full again is the
 * same as none, so such buckets are dropped, once per refill time, and the map stays as large as
 * the keys active within it.
 */
export function tokenBuckets({ burst, perSecond }: Rate, now: () => number = Date.now): TokenBuckets {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillMs = (burst / perSecond) * 1000;
  let nextSweep = 0;
  return {
    take(key) {
      const at = now();
      if (at >= nextSweep) {
        for (const [k, b] of buckets) if (at - b.at >= refillMs) buckets.delete(k);
        nextSweep = at + refillMs;
      }
      const bucket = buckets.get(key) ?? { tokens: burst, at };
      bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * perSecond);
      bucket.at = at;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true };
      }
      return { allowed: false, retryAfterMs: ((1 - bucket.tokens) / perSecond) * 1000 };
    },
    get size() {
      return buckets.size;
    },
  };
}
