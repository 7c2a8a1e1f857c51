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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
