/**
 * Sizes of the fuzz and model runs. CI runs the defaults; a long local run raises them:
 *   FUZZ_RUNS=2000 npx vitest run engine/src/reliability   (cases per route, and model runs scaled alike)
 *   FUZZ_SEED=<seed> FUZZ_PATH=<path> FUZZ_ROUTE=<part of the URL> replays the failure fast-check printed.
 */
const positive = (name: string): number | undefined => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return value;
};

/** Cases sent to each route of the table (CI: 40 per route, thousands in all). */
export const routeRuns = (): number => positive('FUZZ_RUNS') ?? 40;

/** Command sequences of the model-based test (CI: 20; scales with FUZZ_RUNS). */
export const modelRuns = (): number => {
  const runs = positive('FUZZ_RUNS');
  return runs === undefined ? 20 : Math.max(20, Math.round(runs / 2));
};

/** Longest command sequence of one model run. */
export const modelMaxCommands = (): number => positive('FUZZ_MAX_COMMANDS') ?? 40;

/** How long one call may take before the fuzzer calls it a hang (the machine may be loaded; a hang never answers). */
export const callDeadlineMs = (): number => positive('FUZZ_DEADLINE_MS') ?? 20_000;

/** fast-check parameters shared by every property: a replayable seed, and the path when replaying a failure. */
export function replayParameters(): { seed?: number; path?: string } {
  const seed = process.env.FUZZ_SEED;
  const path = process.env.FUZZ_PATH;
  return { ...(seed ? { seed: Number(seed) } : {}), ...(path ? { path } : {}) };
}
