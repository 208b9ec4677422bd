import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web', 'eval'],
    // Vitest's default is one worker less than the cores: one worker on a 2-core CI machine, which
    // leaves a core idle while tests wait on PostgreSQL, Redis and sockets. Two keep both busy.
    maxWorkers: 2,
  },
});
