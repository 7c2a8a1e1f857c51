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
    passWithNoTests: true,
    // Vitest's default is one worker fewer than the cores: one on these 2-core machines, where most
    // of a store-backed file is waiting on PGlite's start-up or on PostgreSQL.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
