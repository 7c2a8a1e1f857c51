/** A rate: `burst` at once, then `perSecond` on average. */
export interface Rate {
  burst: number;
  perSecond: number;
}

/**
 * One token bucket, kept in this process: it holds up to `burst` tokens and gains `perSecond` a
 * second. Each call takes a whole token and says whether there was one.
 */
export function tokenBucket({ burst, perSecond }: Rate, now: () => number = Date.now): () => boolean {
  let tokens = burst;
  let at = now();
  return () => {
    const time = now();
    tokens = Math.min(burst, tokens + ((time - at) / 1000) * perSecond);
    at = time;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}
