import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Above Testing Library's 5 s wait (testing/setup.ts): code loaded on demand on a loaded machine.
    testTimeout: 20_000,
    server: { deps: { external: [/\/apps\/server\/(src|testing)\//] } },
  },
});
