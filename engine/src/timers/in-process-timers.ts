import type { FireTimer, Timer, TimerPort } from './timer-port';

export interface InProcessTimersOptions {
  /** Attempts of a timer whose firing fails (the store was unreachable), like the BullMQ job's. */
  attempts?: number;
  /** First retry delay; doubled on each further attempt. */
  retryDelayMs?: number;
  onError?: (error: unknown, timer: Timer) => void;
}

// setTimeout holds at most ~24.8 days; a later deadline is reached in hops.
const MAX_DELAY_MS = 2 ** 31 - 1;

interface Armed {
  timer: Timer;
  handle?: NodeJS.Timeout;
  attempt: number;
}

/**
 * Timers on this process's clock (embedded mode). They die with the process: the timers plugin's
 * reconciler arms them again from the store on boot, and only the process holding the `timers`
 * lock arms any, so each fires in one place.
 */
export function createInProcessTimers(options: InProcessTimersOptions = {}): TimerPort {
  const attempts = options.attempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const armed = new Map<string, Armed>();
  const firing = new Set<Promise<void>>();
  let fire: FireTimer | undefined;
  let closed = false;

  function schedule(entry: Armed, at: number) {
    const delay = Math.min(Math.max(0, at - Date.now()), MAX_DELAY_MS);
    // Unref'd: a waiting timer must not keep a stopping process alive.
    entry.handle = setTimeout(() => (at - Date.now() > 0 ? schedule(entry, at) : run(entry)), delay).unref();
  }

  function run(entry: Armed) {
    entry.handle = undefined;
    if (closed || !fire || armed.get(entry.timer.id) !== entry) return;
    const attempt = fire(entry.timer).then(
      () => {
        if (armed.get(entry.timer.id) === entry) armed.delete(entry.timer.id);
      },
      (error: unknown) => {
        options.onError?.(error, entry.timer);
        entry.attempt += 1;
        if (entry.attempt >= attempts) armed.delete(entry.timer.id);
        else if (!closed && armed.get(entry.timer.id) === entry) schedule(entry, Date.now() + retryDelayMs * 2 ** (entry.attempt - 1));
      },
    );
    firing.add(attempt);
    void attempt.finally(() => firing.delete(attempt));
  }

  return {
    kind: 'inprocess',
    async start(onFire) {
      fire = onFire;
      for (const entry of armed.values()) if (!entry.handle) schedule(entry, entry.timer.dueAt.getTime());
    },
    async arm(timer) {
      if (closed || armed.has(timer.id)) return;
      const entry: Armed = { timer, attempt: 0 };
      armed.set(timer.id, entry);
      if (fire) schedule(entry, timer.dueAt.getTime());
    },
    async cancel(id) {
      const entry = armed.get(id);
      if (!entry) return;
      clearTimeout(entry.handle);
      armed.delete(id);
    },
    async pending() {
      return armed.size;
    },
    async close() {
      closed = true;
      for (const entry of armed.values()) clearTimeout(entry.handle);
      armed.clear();
      await Promise.allSettled([...firing]);
    },
  };
}
