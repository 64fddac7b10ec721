// BLS pairings and the EIP-2335 KDF vectors are CPU-heavy on a shared machine: allow slow tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['src/**/*.test.ts'], testTimeout: 60_000, maxWorkers: 2 },
});
