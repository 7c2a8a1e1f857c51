import { createBenchStore, type BenchStore, type Mode } from '../support/bench-modes';
import type { EngineChild } from '../support/engine-child';
import type { ConnectedPlant } from './live-socket';

/** What one mode's run started, for `engineRun` to stop. */
export interface EngineRun {
  store: BenchStore;
  engine?: EngineChild;
  plant?: ConnectedPlant;
}

/**
 * A fresh store for the mode, and whatever engine and sockets `work` starts on it (it sets them on the
 * run), closed and removed however the run ends; on a failure the engine's log tail is printed first.
 */
export async function engineRun<T>(mode: Mode, bench: string, work: (run: EngineRun) => Promise<T>): Promise<T> {
  const run: EngineRun = { store: createBenchStore(mode, bench) };
  try {
    return await work(run);
  } catch (error) {
    if (run.engine) console.error(`engine log tail:\n${run.engine.tail()}`);
    throw error;
  } finally {
    run.plant?.closeAll();
    await run.engine?.stop();
    await run.store.cleanup();
  }
}
