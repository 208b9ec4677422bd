import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createXai } from '@ai-sdk/xai';
import { DEEP_THINKING_MODEL } from '@penny/contracts';
import type { LanguageModel } from 'ai';
import type { AgentConfig } from '../config.ts';
import { createAnalystModel } from './analyst/analyst-model.ts';

/**
 * The model behind a turn, by configuration: the offline analyst (default), or an LLM through its
 * official AI SDK provider. The client asks for Deep Thinking by naming 'grok-4'; that picks
 * AGENT_DEEP_MODEL (any other model name the client sends is ignored: the server decides).
 */
export type TurnModel = { model: LanguageModel; id: string; deep: boolean };

export function createModelPicker(config: AgentConfig): (requested: string | undefined) => TurnModel {
  const build = (modelId: string): LanguageModel => {
    switch (config.provider) {
      case 'offline':
        return createAnalystModel(modelId);
      case 'openai-compatible':
        return createOpenAICompatible({
          name: 'penny-llm',
          baseURL: config.baseUrl ?? '',
          ...(config.apiKey ? { apiKey: config.apiKey } : {}),
          includeUsage: true,
        }).chatModel(modelId);
      case 'xai':
        return createXai({
          ...(config.apiKey ? { apiKey: config.apiKey } : {}),
          ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
        })(modelId);
      case 'anthropic':
        return createAnthropic({
          ...(config.apiKey ? { apiKey: config.apiKey } : {}),
          ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
        })(modelId);
    }
  };
  const standard = { model: build(config.model), id: config.model, deep: false };
  const deep = { model: build(config.deepModel), id: config.deepModel, deep: true };
  return (requested) => (requested?.trim() === DEEP_THINKING_MODEL ? deep : standard);
}
