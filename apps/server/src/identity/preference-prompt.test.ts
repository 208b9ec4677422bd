import {
  countWords,
  FINANCIAL_CATEGORIES,
  OCCUPATION_SUGGESTIONS,
  PROMPT_WORD_LIMIT,
  type PreferencesDocument,
  preferencesDocumentSchema,
  riskKey,
  TONE_ITEMS,
} from '@penny/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPOSED_PROMPT_OPENING, composePreferencePrompt } from './preference-prompt.ts';

const today = new Date('2026-06-15T12:00:00Z');

const full: PreferencesDocument = {
  'Financial Experience': {
    'Personal Finance': '9/10',
    'Personal Finance Risk': '1/3',
    Investing: '5/10',
    'Investing Risk': '2/3',
    Retirement: '3/10',
    'Retirement Risk': '1/3',
    Trading: '7/10',
    'Trading Risk': '3/3',
    'Crypto / Web3': '1/10',
    'Crypto / Web3 Risk': '2/3',
  },
  'Response Detail': { 'Detail Numbers': '10/10', 'Detail Visual': '1/10', 'Detail Context': '5/10' },
  'Conversation Tone': {
    tone_conversational: '3/3',
    tone_formal: '1/3',
    tone_creative: '2/3',
    tone_funny: '1/3',
  },
  Profile: {
    Name: 'Grace Hopper',
    DateOfBirth: '1990-06-20',
    Country: 'Canada',
    Occupation: ['Software Developer', 'Student Graduate', 'Chess coach'],
  },
};

const compose = (preferences: PreferencesDocument, existingPrompt: string | null = null) =>
  composePreferencePrompt({ userInfo: { firstName: 'Grace' }, preferences, existingPrompt, today });

/** The sentence of `text` (after the opening one) that mentions `topic`. */
const sentenceAbout = (text: string, topic: string) =>
  text
    .split(/(?<=\.)\s+/)
    .slice(1)
    .find((sentence) => sentence.includes(topic)) ?? '';

describe('the preference prompt composer', () => {
  it('reflects every preference in fluent second-person text', () => {
    const prompt = compose(full);
    expect(prompt.startsWith(COMPOSED_PROMPT_OPENING)).toBe(true);
    expect(prompt).toContain(
      'speaking with Grace, who is a software developer, a graduate student and a Chess coach',
    );
    // Each rated category, at its level and with its risk appetite.
    expect(sentenceAbout(prompt, 'personal finance')).toMatch(/expert in personal finance.*low-risk options/);
    expect(sentenceAbout(prompt, 'investing')).toMatch(
      /working knowledge of investing.*moderate risk is fine/,
    );
    expect(sentenceAbout(prompt, 'retirement planning')).toMatch(
      /basics of retirement planning.*low-risk options/,
    );
    expect(sentenceAbout(prompt, 'trading')).toMatch(/experienced in trading.*higher-risk ideas are welcome/);
    expect(sentenceAbout(prompt, 'crypto/Web3')).toMatch(/new to crypto\/Web3.*moderate risk is fine/);
    // The three detail levels.
    expect(prompt).toContain('show exact figures, percentages and the calculations behind them');
    expect(prompt).toContain('avoid charts unless asked');
    expect(prompt).toContain('explain your reasoning in a few sentences');
    // The tone mix: all four.
    expect(prompt).toContain(
      'Sound conversational above all with a touch of creativity; leave out stiff formality and jokes.',
    );
    // Where and when.
    expect(prompt).toContain('Grace lives in Canada');
    expect(prompt).toContain('Grace is 35');
    expect(countWords(prompt)).toBeLessThanOrEqual(PROMPT_WORD_LIMIT);
  });

  it('changes its wording with the level, not just a number in a blank', () => {
    const novice = compose({ 'Financial Experience': { Investing: '1/10', 'Investing Risk': '1/3' } });
    const expert = compose({ 'Financial Experience': { Investing: '10/10', 'Investing Risk': '3/3' } });
    expect(novice).toContain('define every term');
    expect(expert).toContain('go straight to the nuances');
    expect(sentenceAbout(novice, 'investing')).not.toEqual(sentenceAbout(expert, 'investing'));
    for (const text of [novice, expert, compose(full)]) {
      expect(text).not.toMatch(/\d+\/(10|3)|undefined|null|\{|\}/);
    }
  });

  it('describes each tone setting', () => {
    const allHigh = compose({
      'Conversation Tone': {
        tone_conversational: '3/3',
        tone_formal: '3/3',
        tone_creative: '3/3',
        tone_funny: '3/3',
      },
    });
    expect(allHigh).toContain('conversational, formal, creative and playful');
    const lightlyFunny = compose({ 'Conversation Tone': { tone_funny: '2/3', tone_formal: '1/3' } });
    expect(lightlyFunny).toContain('Keep a lightly playful tone; leave out stiff formality.');
    for (const { key } of TONE_ITEMS) {
      expect(compose({ 'Conversation Tone': { [key]: '1/3' } })).toMatch(/leave out/);
    }
  });

  it('keeps the gist of what the user wrote, but regenerates its own earlier output', () => {
    const own = 'Please always remind me about my mortgage and talk to me like a friend.';
    const withOwn = compose(full, own);
    expect(withOwn).toContain(`"${own}"`);
    expect(countWords(withOwn)).toBeLessThanOrEqual(PROMPT_WORD_LIMIT);

    const regenerated = compose(full, compose(full));
    expect(regenerated).toBe(compose(full));
    const long = compose(full, `Remember my mortgage. ${'Also consider this detail. '.repeat(80)}`);
    expect(long).toContain('Remember my mortgage.');
    expect(countWords(long)).toBeLessThanOrEqual(PROMPT_WORD_LIMIT);
  });

  it('is deterministic', () => {
    expect(compose(full, 'Mind my taxes.')).toBe(compose(full, 'Mind my taxes.'));
  });

  it('names the user by first name, or says "the user" without one', () => {
    expect(composePreferencePrompt({ userInfo: {}, preferences: {}, today })).toBe(
      'You are Penny, a personal finance assistant speaking with the user.',
    );
    expect(composePreferencePrompt({ userInfo: { firstName: 'Ada' }, preferences: {}, today })).toContain(
      'with Ada.',
    );
  });

  it('never exceeds 200 words, whatever the document', () => {
    const scale = (max: number) => fc.integer({ min: 1, max }).map((n) => `${n}/${max}`);
    const financial = fc.record(
      Object.fromEntries(
        FINANCIAL_CATEGORIES.flatMap(({ label }) => [
          [label, scale(10)],
          [riskKey(label), scale(3)],
        ]),
      ),
      { requiredKeys: [] },
    );
    const occupation = fc.oneof(
      fc.constantFrom(...OCCUPATION_SUGGESTIONS),
      fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim().length > 0),
    );
    const documents = fc.record(
      {
        'Financial Experience': financial,
        'Response Detail': fc.record(
          { 'Detail Numbers': scale(10), 'Detail Visual': scale(10), 'Detail Context': scale(10) },
          { requiredKeys: [] },
        ),
        'Conversation Tone': fc.record(
          {
            tone_conversational: scale(3),
            tone_formal: scale(3),
            tone_creative: scale(3),
            tone_funny: scale(3),
          },
          { requiredKeys: [] },
        ),
        Profile: fc.record(
          {
            Name: fc.string({ maxLength: 60 }),
            Country: fc.string({ maxLength: 100 }),
            DateOfBirth: fc.constant('1980-02-29'),
            Occupation: fc.array(occupation, { maxLength: 20 }),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    );
    const existing = fc.option(fc.lorem({ maxCount: 200 }), { nil: null });
    fc.assert(
      fc.property(documents, existing, (raw, existingPrompt) => {
        const preferences = preferencesDocumentSchema.parse(raw);
        const prompt = compose(preferences, existingPrompt);
        expect(countWords(prompt)).toBeLessThanOrEqual(PROMPT_WORD_LIMIT);
        expect(prompt.startsWith(COMPOSED_PROMPT_OPENING)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
