import { describe, expect, it } from 'vitest';
import { tokenBucket } from './token-bucket';

describe('a token bucket', () => {
  it('given a burst of 3 and 2 a second, when 5 are taken at once, then 3 are allowed; half a second later one more, a second later two', () => {
    let clock = 0;
    const take = tokenBucket({ burst: 3, perSecond: 2 }, () => clock);
    expect(Array.from({ length: 5 }, take)).toEqual([true, true, true, false, false]);
    clock += 500;
    expect([take(), take()]).toEqual([true, false]);
    clock += 1000;
    expect([take(), take(), take()]).toEqual([true, true, false]);
  });

  it('given a long pause, then it holds no more than the burst', () => {
    let clock = 0;
    const take = tokenBucket({ burst: 2, perSecond: 1 }, () => clock);
    clock += 60_000;
    expect(Array.from({ length: 3 }, take)).toEqual([true, true, false]);
  });
});
