import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What other features feed into /metrics. */
export interface EngineMetrics {
  readonly registry: Registry;
  /** How to count timers armed and not yet fired, asked at each scrape (a failing count leaves the last value). */
  collectTimersPending(count: () => number | Promise<number>): void;
}

// Node's own figures (heap, event loop lag, GC) are per process: one set, whatever the number of apps in it (tests build many).
let processRegistry: Registry | undefined;
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export type CommandOutcome = 'ok' | 'rejected' | 'conflict' | 'failed';

/** 2xx/3xx did it; 409 lost a race or met a changed ride; other 4xx refused it (input, role); 5xx broke. */
export function outcomeOf(statusCode: number): CommandOutcome {
  if (statusCode >= 500) return 'failed';
  if (statusCode === 409) return 'conflict';
  return statusCode >= 400 ? 'rejected' : 'ok';
}

export function createEngineMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const metrics = {
    registry,
    commands: new Counter({
      name: 'plantride_commands_total',
      help: 'Commands received over HTTP, by route and outcome.',
      labelNames: ['command', 'outcome'] as const,
      registers,
    }),
    commandSeconds: new Histogram({
      name: 'plantride_command_duration_seconds',
      help: 'Time from a command request arriving to its answer being sent.',
      labelNames: ['command', 'outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    projectionLagEvents: new Gauge({
      name: 'plantride_projection_lag_events',
      help: 'Store head position minus the projection checkpoint position (0 when caught up).',
      labelNames: ['projection'] as const,
      registers,
    }),
    projectionLagSeconds: new Gauge({
      name: 'plantride_projection_lag_seconds',
      help: 'Age of the oldest event the projection has not applied yet (0 when caught up).',
      labelNames: ['projection'] as const,
      registers,
    }),
    projectionLeading: new Gauge({
      name: 'plantride_projection_leading',
      help: '1 when this engine process runs the projection, else 0 (another process does).',
      labelNames: ['projection'] as const,
      registers,
    }),
    liveLeading: new Gauge({
      name: 'plantride_live_gateway_leading',
      help: '1 when this engine process sends the store events to sockets, else 0.',
      registers,
    }),
    sockets: new Gauge({
      name: 'plantride_sockets_connected',
      help: 'Sockets connected to this engine process, by role.',
      labelNames: ['role'] as const,
      registers,
    }),
    timersPending: new Gauge({
      name: 'plantride_timers_pending',
      help: 'Timers armed and not yet fired.',
      registers,
    }),
  };
  return metrics;
}

export type EngineMetricSet = ReturnType<typeof createEngineMetrics>;
