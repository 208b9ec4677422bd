import { type PreferencesDocument, parseScale, type ToneKey } from '@penny/contracts';
import type { AnswerPreferences } from './instructions.ts';

/** Neutral answer settings when the user set none (the wizard's middle). */
const DEFAULT_LEVEL = 5;

/**
 * The answer settings from the user's saved preferences (docs/product/identity.md, "Response Detail",
 * "Conversation Tone").
 */
export function answerPreferences(preferences: PreferencesDocument | undefined): AnswerPreferences {
  const detail = preferences?.['Response Detail'] ?? {};
  const tones = Object.entries(preferences?.['Conversation Tone'] ?? {}) as Array<
    [ToneKey, string | undefined]
  >;
  const tone = tones
    .map(([key, value]) => [key, parseScale(value, 3)] as const)
    .filter((entry): entry is readonly [ToneKey, number] => entry[1] !== undefined)
    .sort((a, b) => b[1] - a[1])[0]?.[0];
  return {
    numbers: parseScale(detail['Detail Numbers'], 10) ?? DEFAULT_LEVEL,
    visuals: parseScale(detail['Detail Visual'], 10) ?? DEFAULT_LEVEL,
    context: parseScale(detail['Detail Context'], 10) ?? DEFAULT_LEVEL,
    tone,
    prompt: preferences?.User_Preference_Prompt?.trim() || undefined,
  };
}
