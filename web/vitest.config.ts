import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __PAYD_BUILD_ID__: JSON.stringify('test') },
  test: { include: ['src/**/*.test.ts'], environment: 'node', maxWorkers: 2 },
});
