import { afterAll, beforeAll } from 'vitest';
import { startEngine, type RunningEngine } from './engine-process';
import { useEngine } from './engine-context';

// A setup file: every browser test file gets its own engine (free port, its own temporary DATA_DIR),
// started before the file's own hooks and stopped after them, so files share no state and run in parallel.
let running: RunningEngine | undefined;

beforeAll(async () => {
  running = await startEngine();
  useEngine(running);
}, 300_000);

afterAll(async () => {
  useEngine(undefined);
  await running?.stop();
});
