import { setTimeout as sleep } from 'node:timers/promises';
import { BENCH_METRICS_TOKEN } from '../support/engine-child';
import type { Receipt } from './live-socket';

/** The engine's largest projection lag (events), from /metrics; Infinity when it cannot be read. */
export async function projectionLag(url: string): Promise<number> {
  const text = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } }).then((r) => r.text(), () => '');
  const lags = text.split('\n').filter((l) => l.startsWith('plantride_projection_lag_events{')).map((l) => Number(l.split(' ').at(-1)));
  return lags.length === 0 ? Infinity : Math.max(...lags);
}

/** Waits until no socket event arrived for `quietMs` (at most `maxMs`). */
export async function untilQuiet(receipts: Receipt[], quietMs: number, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  let seen = -1;
  while (Date.now() < deadline && receipts.length !== seen) {
    seen = receipts.length;
    await sleep(quietMs);
  }
}

/** After the load: the last deliveries arrive and the projections catch up (at most a minute), so the audit reads a settled engine. */
export async function settle(url: string, receipts: Receipt[]): Promise<void> {
  await untilQuiet(receipts, 2000, 30_000);
  for (let waited = 0; (await projectionLag(url)) > 0 && waited < 120; waited += 1) await sleep(500);
}
