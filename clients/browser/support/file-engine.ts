import { afterAll, beforeAll, inject } from 'vitest';
import { startEngine, type RunningEngine } from './engine-process';
import { useEngine } from './engine-context';

// A setup file: every browser test file gets its own engine (free port, its own DATA_DIR: a copy of the
// global set-up's template folder), started before the file's own hooks and stopped after them, so files
// share no state and run in parallel.
let running: RunningEngine | undefined;

beforeAll(async () => {
  running = await startEngine(inject('engineTemplate'));
  useEngine(running);
}, 300_000);

afterAll(async () => {
  useEngine(undefined);
  await running?.stop();
});
