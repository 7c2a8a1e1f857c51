import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: Chromium against the real engine (npm run test:browser); `npm test` does not run them.
// In CI (CI=1, set by .ci/run) a failed test is retried once and the flaky reporter lists every test that
// needed its retry, with its first error (.ci/run's FLAKY summary); locally nothing retries.
const ci = Boolean(process.env.CI);

export default defineConfig({
  test: {
    name: 'browser',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['browser/**/*.browser.ts'],
    environment: 'node',
    globalSetup: ['browser/global-setup.ts'],
    // Each file starts its own engine (own port, own temporary data folder), so files share nothing and
    // two run at once: one engine and one Chromium each, which is what two cores carry.
    setupFiles: ['browser/support/file-engine.ts'],
    fileParallelism: true,
    maxWorkers: Number(process.env.BROWSER_WORKERS ?? 2),
    testTimeout: 120_000,
    hookTimeout: 300_000,
    retry: ci ? 1 : 0,
    reporters: ci ? ['default', fileURLToPath(new URL('../.ci/flaky-reporter.ts', import.meta.url))] : ['default'],
  },
});
