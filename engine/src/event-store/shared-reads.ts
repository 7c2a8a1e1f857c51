import { checkpointOf, compareCheckpoints, type Checkpoint, type RecordedEvent } from './event-store';

type ReadAll = (from: Checkpoint, limit: number) => Promise<RecordedEvent[]>;

interface Asked {
  from: Checkpoint;
  limit: number;
  resolve: (events: RecordedEvent[]) => void;
  reject: (error: unknown) => void;
}

/**
 * `$all` reads share statements (issue #18), one in flight at a time: the reads asked while one is
 * running wait for it to end, then go together in the next. Before, only the reads asked in the same
 * turn of the event loop shared one; under load each subscription asked at its own moment (after its
 * own batch), and the process sent four `$all` reads per command (bench:shift). One append
 * wakes every subscription of the process at once (the projections, the timers, the store watch
 * behind the in-memory caches), and each used to read on its own. The shared read starts after every
 * ask it serves (a caller's "a read that began after I asked" holds), from the lowest checkpoint,
 * with the largest limit; each caller gets the events past its own checkpoint, as its own read would
 * have returned them. When the shared batch came back full and a caller's part of it is shorter than
 * his limit, his own read might have gone further: he gets his own read instead (a short answer means
 * "nothing more for now" to a subscription).
 */
export function sharedReads(read: ReadAll): ReadAll {
  let asked: Asked[] = [];
  let scheduled = false;
  let running = false;
  const schedule = () => {
    if (scheduled || running || asked.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };
  const done = () => {
    running = false;
    schedule();
  };
  const flush = () => {
    scheduled = false;
    const batch = asked;
    asked = [];
    running = true;
    if (batch.length === 1) {
      const [only] = batch as [Asked];
      read(only.from, only.limit).then(only.resolve, only.reject).finally(done);
      return;
    }
    const from = batch.reduce((lowest, ask) => (compareCheckpoints(ask.from, lowest) < 0 ? ask.from : lowest), batch[0]!.from);
    const limit = Math.max(...batch.map((ask) => ask.limit));
    read(from, limit)
      .then(
        (events) => {
          const full = events.length === limit;
          for (const ask of batch) {
            const own = events.filter((event) => compareCheckpoints(checkpointOf(event), ask.from) > 0).slice(0, ask.limit);
            if (!full || own.length === ask.limit) ask.resolve(own);
            else read(ask.from, ask.limit).then(ask.resolve, ask.reject);
          }
        },
        (error: unknown) => batch.forEach((ask) => ask.reject(error)),
      )
      .finally(done);
  };
  return (from, limit) =>
    new Promise<RecordedEvent[]>((resolve, reject) => {
      asked.push({ from, limit, resolve, reject });
      schedule();
    });
}
