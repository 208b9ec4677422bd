import { createTestApp, type TestApp } from './app.ts';
import { type ScriptedLlm, startScriptedLlm } from './scripted-llm.ts';

/**
 * The real app over HTTP with a scripted OpenAI-compatible model behind its agent (docs/agent.md, "The
 * LLM path"): what the tests of tools an LLM calls start from. The script is set per test with
 * `llm.setScript`.
 */
export async function startAppWithScriptedLlm(maxSteps = 3): Promise<{ llm: ScriptedLlm; t: TestApp }> {
  const llm = await startScriptedLlm([{ kind: 'text', text: 'unused' }]);
  const t = await createTestApp({
    listen: true,
    env: {
      AGENT_PROVIDER: 'openai-compatible',
      AGENT_BASE_URL: llm.baseUrl,
      AGENT_API_KEY: 'sk-test-secret-never-logged',
      AGENT_MODEL: 'scripted-small',
      AGENT_MAX_STEPS: String(maxSteps),
    },
  });
  return { llm, t };
}
