import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// The crash and fault suites (an engine process SIGKILLed, PostgreSQL or Redis stopped under load) are a
// project of their own, engine-faults, so that in CI (CI=1, set by .ci/run) they alone retry a failed test
// once; the flaky reporter lists every test that needed its retry. Locally nothing retries.
const faultSuites = ['src/reliability/crash*.test.ts', 'src/reliability/faults*.test.ts'];
const ci = Boolean(process.env.CI);

export default defineConfig({
  test: {
    projects: [
      ...['schemas', 'projections', 'engine', 'clients'].map((name) => ({
        extends: true,
        test: {
          name,
          root: `./${name}`,
          include: ['src/**/*.test.{ts,tsx}'],
          ...(name === 'engine' ? { exclude: [...configDefaults.exclude, ...faultSuites] } : {}),
          ...(name === 'clients' ? { environment: 'jsdom', setupFiles: ['./src/test/setup.ts'] } : {}),
        },
      })),
      { extends: true, test: { name: 'engine-faults', root: './engine', include: faultSuites, retry: ci ? 1 : 0 } },
    ],
    globalSetup: [fileURLToPath(new URL('./engine/src/test-support/pglite-template.ts', import.meta.url))],
    reporters: ci ? ['default', fileURLToPath(new URL('./.ci/flaky-reporter.ts', import.meta.url))] : ['default'],
    passWithNoTests: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
