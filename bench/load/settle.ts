import { setTimeout as sleep } from 'node:timers/promises';
import { BENCH_METRICS_TOKEN } from '../support/engine-child';
import { loopLateMs, type LoopDelay } from '../support/stats';
import type { Receipt } from './live-socket';

/** The engine's /metrics page ('' when it cannot be read). */
const metricsText = (url: string): Promise<string> =>
  fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } }).then(
    (r) => r.text(),
    () => '',
  );

/** The engine's largest projection lag (events), from /metrics; Infinity when it cannot be read. */
export async function projectionLag(url: string): Promise<number> {
  const text = await metricsText(url);
  const lags = text
    .split('\n')
    .filter((l) => l.startsWith('plantride_projection_lag_events{'))
    .map((l) => Number(l.split(' ').at(-1)));
  return lags.length === 0 ? Infinity : Math.max(...lags);
}

/**
 * How late the engine's event loop was since the last scrape (Node's own `monitorEventLoopDelay`,
 * as prom-client reports it on /metrics): each scrape resets prom-client's histogram, so scrape
 * once before the window and once at its end. Null when /metrics cannot be read.
 */
export async function engineLoopDelayMs(url: string): Promise<LoopDelay | null> {
  const text = await metricsText(url);
  const late = (name: string) =>
    loopLateMs(
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`nodejs_eventloop_lag_${name}_seconds `))
          ?.split(' ')[1] ?? NaN,
      ) * 1e3,
    );
  const delay = { p50: late('p50'), p99: late('p99'), max: late('max') };
  return Object.values(delay).some(Number.isNaN) ? null : delay;
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
