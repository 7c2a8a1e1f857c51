import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['schemas', 'projections', 'engine', 'clients'].map((name) => ({
      extends: true,
      test: {
        name,
        root: `./${name}`,
        include: ['src/**/*.test.{ts,tsx}'],
        ...(name === 'clients' ? { environment: 'jsdom', setupFiles: ['./src/test/setup.ts'] } : {}),
      },
    })),
    globalSetup: [fileURLToPath(new URL('./engine/src/test-support/pglite-template.ts', import.meta.url))],
    passWithNoTests: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
