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

/**
 * A file that mocks a module, fakes the clock or stubs a global or the environment runs in a module graph of
 * its own (vitest's isolation). The others of a project share one per worker (isolate: false): the worker
 * imports the engine, the zod schemas, MUI and jsdom once, not once per file; imports were about 40 % of the
 * embedded-store pass's time (CI run of session 22). Each such project has a twin, `<name>-isolated`.
 */
const STUBS = /\bvi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv|resetModules)\(|process\.env\.\w+\s*=[^=]|delete process\.env\b/;
function stubbingSuites(root: string): string[] {
  const dir = fileURLToPath(new URL(`./${root}/src`, import.meta.url));
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && STUBS.test(readFileSync(join(dir, file), 'utf8')))
    .map((file) => `src/${file}`);
}
const SHARED_MODULES = ['projections', 'engine', 'clients'];

export default defineConfig({
  test: {
    projects: [
      ...['schemas', 'projections', 'engine', 'clients'].flatMap((name) => {
        const shared = name === 'schemas' || SHARED_MODULES.includes(name);
        const stubbing = shared && name !== 'schemas' ? stubbingSuites(name) : [];
        const project = (isolated: boolean) => ({
          extends: true as const,
          test: {
            name: isolated ? `${name}-isolated` : name,
            root: `./${name}`,
            include: isolated ? stubbing : ['src/**/*.test.{ts,tsx}'],
            exclude: [
              ...configDefaults.exclude,
              ...(name === 'engine' ? faultSuites : []),
              ...storelessSuites(name),
              ...(isolated ? [] : stubbing),
            ],
            ...(name === 'clients' ? { environment: 'jsdom', setupFiles: ['./src/test/setup.ts'] } : {}),
            // Pure functions and zod schemas in `schemas`, nothing mocked or stubbed there (STUBS above for the others).
            isolate: isolated || !shared,
          },
        });
        return stubbing.length > 0 ? [project(false), project(true)] : [project(false)];
      }),
      {
        extends: true,
        test: { name: 'engine-faults', root: './engine', include: faultSuites, exclude: storelessSuites('engine'), retry: ci ? 1 : 0 },
      },
    ],
    globalSetup: [fileURLToPath(new URL('./engine/src/test-support/pglite-template.ts', import.meta.url))],
    reporters: ci ? ['default', fileURLToPath(new URL('./.ci/flaky-reporter.ts', import.meta.url))] : ['default'],
    /*
     * Vitest's default is one worker fewer than the cores: one on these 2-core machines, where a file's
     * wall time is mostly imports and waits on I/O. Both passes run two files at once: each file has its
     * own PGlite or its own PostgreSQL schemas, engines a test starts get ports of their worker's own block
     * (engine-process.ts), and a test's PostgreSQL pool is kept to 30 connections so two files stay under
     * the server's 100 (test-database.ts; the cause of the flakes that once kept this pass to one worker).
     */
    maxWorkers: Math.max(2, availableParallelism() - 1),
    passWithNoTests: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
