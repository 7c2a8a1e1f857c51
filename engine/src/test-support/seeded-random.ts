/** mulberry32: the same seed draws the same choices. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick<T>(items: readonly T[]): T | undefined {
      return items[Math.floor(next() * items.length)];
    },
    /** Uniform between half and one and a half of `ms`. */
    around(ms: number): number {
      return ms * (0.5 + next());
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;
