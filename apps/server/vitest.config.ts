import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // The product's tests beside its code, and the test support's own (the fuzzer) beside it.
    include: ['src/**/*.test.ts', 'testing/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
