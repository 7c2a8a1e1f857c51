import { setTimeout as sleep } from 'node:timers/promises';
import { BENCH_METRICS_TOKEN } from '../support/engine-child';
import type { Receipt } from './live-socket';

/** The engine's /metrics page ('' when it cannot be read). */
const metricsText = (url: string): Promise<string> =>
  fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } }).then((r) => r.text(), () => '');

/** The engine's largest projection lag (events), from /metrics; Infinity when it cannot be read. */
export async function projectionLag(url: string): Promise<number> {
  const text = await metricsText(url);
  const lags = text.split('\n').filter((l) => l.startsWith('plantride_projection_lag_events{')).map((l) => Number(l.split(' ').at(-1)));
  return lags.length === 0 ? Infinity : Math.max(...lags);
}

/**
 * The engine's event-loop delay (Node's own `monitorEventLoopDelay`, as prom-client reports it
 * on /metrics) since the last scrape, in ms: each scrape resets prom-client's histogram, so
 * scrape once before the window and once at its end. Its histogram holds each 10 ms tick's whole
 * interval (prom-client's default precision): less the 10 ms, what the loop was late. Null when
 * /metrics cannot be read.
 */
const PROM_LOOP_PRECISION_MS = 10;
export async function engineLoopDelayMs(url: string): Promise<{ p50: number; p99: number; max: number } | null> {
  const text = await metricsText(url);
  const read = (name: string) => Number(text.split('\n').find((l) => l.startsWith(`${name} `))?.split(' ')[1] ?? NaN);
  const [p50, p99, max] = ['nodejs_eventloop_lag_p50_seconds', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_eventloop_lag_max_seconds'].map((name) => Math.max(0, Math.round((read(name) * 1e3 - PROM_LOOP_PRECISION_MS) * 100) / 100));
  return [p50, p99, max].some((value) => Number.isNaN(value)) ? null : { p50: p50!, p99: p99!, max: max! };
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
