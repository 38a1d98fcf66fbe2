import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
    // Two cores here; each server test file runs its own database.
    maxWorkers: 2,
  },
});
