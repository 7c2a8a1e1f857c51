/** Latency summary in milliseconds. */
export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** How late an event loop was (ms): a loop-delay histogram's p50, p99 and max. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** The tick of both loop-delay monitors the benches read: the bench's own and prom-client's in the engine (its default precision). */
export const LOOP_RESOLUTION_MS = 10;

/** A loop-delay histogram holds each tick's whole interval: less the resolution, what the loop was late (ms). */
export const loopLateMs = (intervalMs: number): number => Math.max(0, round(intervalMs - LOOP_RESOLUTION_MS));

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  const sum = list.reduce((total, v) => total + v, 0);
  return {
    count: list.length,
    p50: round(percentile(list, 50)),
    p95: round(percentile(list, 95)),
    p99: round(percentile(list, 99)),
    max: round(list.at(-1) ?? NaN),
    mean: round(list.length ? sum / list.length : NaN),
  };
}

/** Values grouped by a key, each kept for a summary. */
export class Samples {
  private readonly byKey = new Map<string, number[]>();

  add(key: string, value: number): void {
    let list = this.byKey.get(key);
    if (!list) this.byKey.set(key, (list = []));
    list.push(value);
  }

  all(): number[] {
    return [...this.byKey.values()].flat();
  }

  summaries(): Record<string, Summary> {
    return Object.fromEntries([...this.byKey].sort(([a], [b]) => a.localeCompare(b)).map(([key, values]) => [key, summarize(values)]));
  }
}

export const perSecond = (count: number, ms: number): number => (ms > 0 ? Math.round((count / ms) * 1000 * 10) / 10 : 0);
export const mb = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;
