import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identityMessages } from './messages.ts';
import {
  countWords,
  FINANCIAL_CATEGORIES,
  isPreferencesEmpty,
  normalizePreferences,
  OCCUPATION_SUGGESTIONS,
  PROMPT_WORD_LIMIT,
  parseScale,
  preferencesDocumentSchema,
  RISK_HINTS,
  saveUserPreferencesRequestSchema,
  truncateWords,
} from './preferences.ts';
import { getProfileResponseSchema, profileUserInfo } from './profile.ts';

describe('the preferences document', () => {
  it('has the required 39 occupation suggestions, 5 categories and 3 risk hints (docs/product/identity.md, "Preferences document")', () => {
    expect(OCCUPATION_SUGGESTIONS).toHaveLength(39);
    expect(new Set(OCCUPATION_SUGGESTIONS).size).toBe(39);
    expect(OCCUPATION_SUGGESTIONS).toContain('Administrator');
    expect(FINANCIAL_CATEGORIES.map((c) => c.label)).toEqual([
      'Personal Finance',
      'Investing',
      'Retirement',
      'Trading',
      'Crypto / Web3',
    ]);
    expect(Object.values(RISK_HINTS)).toEqual(['Conservative Risk', 'Medium Risk', 'High Risk']);
  });

  it('accepts the document in the exact shape of docs/product/identity.md, "Preferences document"', () => {
    const doc = {
      'Financial Experience': { 'Crypto / Web3': '10/10', 'Crypto / Web3 Risk': '3/3' },
      'Response Detail': { 'Detail Numbers': '1/10', 'Detail Visual': '5/10', 'Detail Context': '10/10' },
      'Conversation Tone': {
        tone_conversational: '1/3',
        tone_formal: '2/3',
        tone_creative: '3/3',
        tone_funny: '1/3',
      },
      Profile: { Name: 'Ada', DateOfBirth: '1990-01-01', Country: 'Chile', Occupation: ['Engineer'] },
      User_Preference_Prompt: 'Keep it short.',
    };
    expect(preferencesDocumentSchema.parse(doc)).toEqual(doc);
  });

  it('trims occupations and drops blanks and duplicates when saving', () => {
    const parsed = preferencesDocumentSchema.parse({
      Profile: { Occupation: [' Chef', 'chef ', '', 'Nurse'] },
    });
    expect(parsed.Profile?.Occupation).toEqual(['Chef', 'Nurse']);
  });

  it('refuses out-of-scale values, unknown keys and over-long prompts with readable messages', () => {
    const issues = (doc: unknown) =>
      preferencesDocumentSchema.safeParse(doc).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ 'Financial Experience': { Investing: '10/3' } })).toEqual([
      identityMessages.preferences.badTenScale,
    ]);
    expect(issues({ 'Conversation Tone': { tone_funny: '4/3' } })).toEqual([
      identityMessages.preferences.badThreeScale,
    ]);
    expect(issues({ User_Preference_Prompt: 'w '.repeat(PROMPT_WORD_LIMIT + 1) })).toEqual([
      identityMessages.preferences.promptTooLong,
    ]);
    expect(issues({ User_Preference_Prompt: 'w '.repeat(PROMPT_WORD_LIMIT) })).toEqual([]);
    expect(issues({ Extra: 1 })[0]).toMatch(/Unrecognized key/);
    expect(
      saveUserPreferencesRequestSchema.safeParse({
        username: 'ada',
        preferences: { Profile: { Occupation: 'x' } },
      }).success,
    ).toBe(false);
  });
});

describe('the tolerant reader', () => {
  it('reads a lowercase prompt field and a single-string occupation', () => {
    expect(
      normalizePreferences({ user_preference_prompt: ' Be brief. ', Profile: { Occupation: ' Teacher ' } }),
    ).toEqual({ User_Preference_Prompt: 'Be brief.', Profile: { Occupation: ['Teacher'] } });
  });

  it('reads display labels and bare numbers, and drops what it cannot read', () => {
    expect(
      normalizePreferences({
        'Financial Experience': { personal_finance: 4, 'Personal Finance Risk': '2/3', Trading: '15/10' },
        'Response Detail': { Numbers: '7/10', Visuals: 3, 'AI Context': 'lots' },
        'Conversation Tone': { Funny: '2/3', Formal: 9 },
      }),
    ).toEqual({
      'Financial Experience': { 'Personal Finance': '4/10', 'Personal Finance Risk': '2/3' },
      'Response Detail': { 'Detail Numbers': '7/10', 'Detail Visual': '3/10' },
      'Conversation Tone': { tone_funny: '2/3' },
    });
  });

  it('turns anything at all into a valid document, and is idempotent', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const once = normalizePreferences(raw);
        expect(preferencesDocumentSchema.safeParse(once).success).toBe(true);
        expect(normalizePreferences(once)).toEqual(once);
      }),
      { numRuns: 500 },
    );
  });

  it('says when a profile has no preferences yet (the wizard then opens by itself)', () => {
    expect(isPreferencesEmpty({})).toBe(true);
    expect(isPreferencesEmpty(null)).toBe(true);
    expect(isPreferencesEmpty({ 'Response Detail': {} })).toBe(true);
    expect(isPreferencesEmpty({ prompt: 'hi' })).toBe(false);
  });
});

describe('ratings and words', () => {
  it('parses only values of the named scale', () => {
    expect(parseScale('7/10', 10)).toBe(7);
    expect(parseScale('7/10', 3)).toBeUndefined();
    expect(parseScale('0/3', 3)).toBeUndefined();
    expect(parseScale(3, 3)).toBe(3);
    expect(parseScale('3.5/10', 10)).toBeUndefined();
  });

  it('counts and caps words', () => {
    expect(countWords('  one two\nthree  ')).toBe(3);
    expect(countWords('')).toBe(0);
    expect(truncateWords('one two three four', 2)).toBe('one two');
  });
});

describe('the profile response', () => {
  it('applies the top-level fallbacks and the tolerant reader', () => {
    const parsed = getProfileResponseSchema.parse({
      success: true,
      profile: { firstName: 'Ada', User_Info: { lastName: 'Lovelace' }, User_Preferences: { prompt: 'Hi' } },
    });
    expect(parsed.profile.User_Preferences).toEqual({ User_Preference_Prompt: 'Hi' });
    expect(profileUserInfo(parsed.profile)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: null,
      dateOfBirth: null,
      country: null,
      email: null,
    });
  });
});
