import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: Chromium against the real engine (npm run test:browser); `npm test` does not run them.
export default defineConfig({
  test: {
    name: 'browser',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['browser/**/*.browser.ts'],
    environment: 'node',
    globalSetup: ['browser/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
