import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'eval',
    environment: 'node',
    // One run asks every question in sequence (an LLM behind the agent takes minutes).
    testTimeout: 60_000,
    hookTimeout: 60 * 60_000,
  },
});
