import { defineConfig } from 'vitest/config';
import { catalogues } from './vite.catalogues.ts';

export default defineConfig({
  plugins: [catalogues()],
  test: { include: ['src/**/*.test.{ts,tsx}'], environment: 'node', maxWorkers: 2 },
});
