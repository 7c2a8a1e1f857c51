import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// The crash and fault suites (an engine process SIGKILLed, PostgreSQL or Redis stopped under load) are a
// project of their own, engine-faults, so that in CI (CI=1, set by .ci/run) they alone retry a failed test
// once; the flaky reporter lists every test that needed its retry. Locally nothing retries.
const faultSuites = ['src/reliability/crash*.test.ts', 'src/reliability/faults*.test.ts'];
const ci = Boolean(process.env.CI);

/**
 * A pass narrowed to stores other than PGlite (CI's PostgreSQL and Redis pass: TEST_STORES=postgres) leaves
 * out the files that never ask which stores or timers to run on (testStoreKinds, testStoreTimerKinds,
 * testTimerKinds, testRedisUrl, or the TEST_DATABASE_URL / TEST_REDIS_URL they read): they would run the
 * same code on no store, and the PGlite pass ran them already.
 */
const storeSuitesOnly =
  process.env.TEST_STORES !== undefined && !process.env.TEST_STORES.split(',').some((kind) => kind.trim() === 'pglite');
const ASKS_FOR_STORES = /\b(testStoreKinds|testStoreTimerKinds|testTimerKinds|testRedisUrl)\(|\bTEST_(DATABASE|REDIS)_URL\b/;
function storelessSuites(root: string): string[] {
  if (!storeSuitesOnly) return [];
  const dir = fileURLToPath(new URL(`./${root}/src`, import.meta.url));
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !ASKS_FOR_STORES.test(readFileSync(join(dir, file), 'utf8')))
    .map((file) => `src/${file}`);
}

export default defineConfig({
  test: {
    projects: [
      ...['schemas', 'projections', 'engine', 'clients'].map((name) => ({
        extends: true,
        test: {
          name,
          root: `./${name}`,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...(name === 'engine' ? faultSuites : []), ...storelessSuites(name)],
          ...(name === 'clients' ? { environment: 'jsdom', setupFiles: ['./src/test/setup.ts'] } : {}),
          // Pure functions and zod schemas, nothing mocked or stubbed: a worker imports them once, not once per file.
          ...(name === 'schemas' ? { isolate: false } : {}),
        },
      })),
      {
        extends: true,
        test: { name: 'engine-faults', root: './engine', include: faultSuites, exclude: storelessSuites('engine'), retry: ci ? 1 : 0 },
      },
    ],
    globalSetup: [fileURLToPath(new URL('./engine/src/test-support/pglite-template.ts', import.meta.url))],
    reporters: ci ? ['default', fileURLToPath(new URL('./.ci/flaky-reporter.ts', import.meta.url))] : ['default'],
    /*
     * Vitest's default is one worker fewer than the cores: one on these 2-core machines, where a file's
     * wall time is mostly imports and waits on I/O. The embedded-store pass runs two files at once (each
     * has its own PGlite; engines a test starts get ports of their worker's own block, engine-process.ts).
     * The PostgreSQL pass keeps one: two files on the shared server flaked (docs/RELIABILITY.md, ledger).
     */
    maxWorkers: storeSuitesOnly ? 1 : Math.max(2, availableParallelism() - 1),
    passWithNoTests: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
