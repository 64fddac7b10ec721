import { defineConfig } from 'vitest/config';

// Generous hook time: each test file starts its own PGlite (a WebAssembly build of PostgreSQL),
// which takes seconds on a busy machine.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    maxWorkers: 2,
  },
});
