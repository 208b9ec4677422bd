import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // The product's tests beside its code, and the test support's own (the fuzzer) beside it.
    include: ['src/**/*.test.ts', 'testing/**/*.test.ts'],
    // Test files share their worker's loaded modules instead of importing the server afresh for each
    // file (seconds per file): every test builds its own app on its own database (testing/app.ts), so
    // nothing a test relies on lives in a module. Halves the suite's time on a 2-core machine.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
