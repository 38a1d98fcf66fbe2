import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 20_000,
    // Test files share the module cache of their worker: each file still builds its own app on its own
    // database, but the server's modules are imported once per worker instead of once per file (the
    // import was most of the suite's time: docs/performance.md, issue 16).
    isolate: false,
    hookTimeout: 60_000,
  },
});
