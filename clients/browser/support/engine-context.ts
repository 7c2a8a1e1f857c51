import type { RunningEngine } from './engine-process';

export type EngineInfo = Pick<RunningEngine, 'baseUrl' | 'adminTokenNo' | 'adminPassword'>;

let current: EngineInfo | undefined;

/** Set by file-engine.ts (a setup file) once this test file's own engine answers. */
export function useEngine(engine: EngineInfo | undefined): void {
  current = engine;
}

/** This test file's engine: its address and admin account. Each file runs its own, so files can run side by side. */
export function engine<K extends keyof EngineInfo>(key: K): EngineInfo[K] {
  if (!current) throw new Error('No engine yet: engine() is for hooks and tests, after file-engine.ts started one');
  return current[key];
}
