import { OCCUPATION_SUGGESTIONS, preferencesDocumentSchema } from '@penny/contracts';
import { describe, expect, it } from 'vitest';
import {
  acceptPromptInput,
  addOccupation,
  canGoNext,
  canSave,
  documentFromValues,
  emptyWizardValues,
  nextStep,
  previousStep,
  valuesFromDocument,
  type WizardValues,
} from './wizard-state.ts';

function values(overrides: Partial<WizardValues> = {}): WizardValues {
  return { ...emptyWizardValues(), ...overrides };
}

describe('wizard order', () => {
  it('goes welcome, occupation, financial, detail, tone, prompt', () => {
    const order = ['welcome'];
    for (let step = nextStep('welcome'); step; step = nextStep(step)) order.push(step);
    expect(order).toEqual(['welcome', 'occupation', 'financial', 'detail', 'tone', 'prompt']);
    expect(previousStep('occupation')).toBe('welcome');
    expect(previousStep('prompt')).toBe('tone');
  });
});

describe('enable rules', () => {
  it('Next from financial needs a rated category; from detail all three items', () => {
    expect(canGoNext('financial', values())).toBe(false);
    expect(canGoNext('financial', values({ financial: { trading: { rating: 5, risk: 1 } } }))).toBe(true);
    expect(canGoNext('detail', values({ detail: { 'Detail Numbers': 3, 'Detail Visual': 4 } }))).toBe(false);
    expect(
      canGoNext(
        'detail',
        values({ detail: { 'Detail Numbers': 3, 'Detail Visual': 4, 'Detail Context': 9 } }),
      ),
    ).toBe(true);
    expect(canGoNext('occupation', values())).toBe(true);
  });

  it('Save needs something set in the step (an occupation for the occupation step)', () => {
    expect(canSave('occupation', values())).toBe(false);
    expect(canSave('occupation', values({ occupations: ['Teacher'] }))).toBe(true);
    expect(canSave('detail', values({ detail: { 'Detail Visual': 2 } }))).toBe(true);
    expect(canSave('tone', values())).toBe(false);
    expect(canSave('prompt', values({ prompt: '  ' }))).toBe(false);
  });
});

describe('occupations', () => {
  it('adds custom entries trimmed, ignoring blanks and duplicates of any case', () => {
    let v = addOccupation(values(), '  Beekeeper ');
    v = addOccupation(v, 'beekeeper');
    v = addOccupation(v, '   ');
    v = addOccupation(v, 'teacher');
    expect(v.customOccupations).toEqual(['Beekeeper']);
    expect(v.occupations).toEqual(['Beekeeper', 'Teacher']);
    expect(OCCUPATION_SUGGESTIONS).toHaveLength(39);
  });
});

describe('prompt cap', () => {
  it('ignores input that would go past 200 words', () => {
    const words199 = Array.from({ length: 199 }, () => 'w').join(' ');
    expect(acceptPromptInput('', `${words199} last`)).toBe(`${words199} last`);
    const full = `${words199} last`;
    expect(acceptPromptInput(full, `${full} more`)).toBe(full);
  });
});

describe('the preferences document', () => {
  it("writes 'N/10' and 'N/3' values, risk entries, internal keys and the profile", () => {
    const doc = documentFromValues(
      values({
        occupations: ['Teacher', 'Beekeeper'],
        financial: { personal_finance: { rating: 7, risk: 2 }, crypto_web3: { rating: 2, risk: 3 } },
        detail: { 'Detail Numbers': 10, 'Detail Visual': 1, 'Detail Context': 5 },
        tone: { tone_formal: 3, tone_funny: 1 },
        prompt: ' Keep it short. ',
      }),
      { name: 'Ada Lovelace', dateOfBirth: '1990-05-01', country: 'France' },
    );
    expect(doc).toEqual({
      'Financial Experience': {
        'Personal Finance': '7/10',
        'Personal Finance Risk': '2/3',
        'Crypto / Web3': '2/10',
        'Crypto / Web3 Risk': '3/3',
      },
      'Response Detail': { 'Detail Numbers': '10/10', 'Detail Visual': '1/10', 'Detail Context': '5/10' },
      'Conversation Tone': { tone_formal: '3/3', tone_funny: '1/3' },
      Profile: {
        Name: 'Ada Lovelace',
        DateOfBirth: '1990-05-01',
        Country: 'France',
        Occupation: ['Teacher', 'Beekeeper'],
      },
      User_Preference_Prompt: 'Keep it short.',
    });
    expect(preferencesDocumentSchema.safeParse(doc).success).toBe(true);
    // And back.
    const again = valuesFromDocument(doc);
    expect(again.financial.personal_finance).toEqual({ rating: 7, risk: 2 });
    expect(again.customOccupations).toEqual(['Beekeeper']);
    expect(again.tone).toEqual({ tone_formal: 3, tone_funny: 1 });
  });
});
