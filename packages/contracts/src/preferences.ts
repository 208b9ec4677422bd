import { z } from 'zod';
import { userIdentitySchema } from './api.ts';
import { identityMessages } from './messages.ts';
import { safeString } from './text.ts';

// The preferences document exactly as docs/product/identity.md, "Preferences document": section names, 'N/10'
// and 'N/3' strings, '{label} Risk' entries and the internal keys are the wire format (stored as is in
// profile.preferences and read by the agent).

export const PROMPT_WORD_LIMIT = 200;
export const OCCUPATION_LIMITS = { maxEntries: 20, maxLength: 80 } as const;

/**
 * docs/product/identity.md, "Preferences rules" and "Business constants and limits". Tone has no required
 * default: an unset tone is simply not sent.
 */
export const PREFERENCE_SCALES = {
  rating: { min: 1, max: 10, default: 5 },
  risk: { min: 1, max: 3, default: 1 },
  detail: { min: 1, max: 10, default: 5 },
  tone: { min: 1, max: 3 },
} as const;

export const PREFERENCE_SECTIONS = {
  financial: 'Financial Experience',
  detail: 'Response Detail',
  tone: 'Conversation Tone',
  profile: 'Profile',
  prompt: 'User_Preference_Prompt',
} as const;

export type FinancialCategoryKey =
  | 'personal_finance'
  | 'investing'
  | 'retirement'
  | 'trading'
  | 'crypto_web3';
export type FinancialCategoryLabel =
  | 'Personal Finance'
  | 'Investing'
  | 'Retirement'
  | 'Trading'
  | 'Crypto / Web3';

/** The 5 categories of "Financial Experience", in wizard order. */
export const FINANCIAL_CATEGORIES: ReadonlyArray<{
  key: FinancialCategoryKey;
  label: FinancialCategoryLabel;
}> = [
  { key: 'personal_finance', label: 'Personal Finance' },
  { key: 'investing', label: 'Investing' },
  { key: 'retirement', label: 'Retirement' },
  { key: 'trading', label: 'Trading' },
  { key: 'crypto_web3', label: 'Crypto / Web3' },
];

export const financialCategoryLabels: Record<FinancialCategoryKey, FinancialCategoryLabel> = {
  personal_finance: 'Personal Finance',
  investing: 'Investing',
  retirement: 'Retirement',
  trading: 'Trading',
  crypto_web3: 'Crypto / Web3',
};

/** The document key of a category's risk entry, e.g. 'Personal Finance Risk'. */
export function riskKey<L extends FinancialCategoryLabel>(label: L): `${L} Risk` {
  return `${label} Risk`;
}

export type RiskLevel = 1 | 2 | 3;
export const RISK_HINTS: Record<RiskLevel, string> = {
  1: 'Conservative Risk',
  2: 'Medium Risk',
  3: 'High Risk',
};

export type DetailKey = 'Detail Numbers' | 'Detail Visual' | 'Detail Context';
/** Response Detail: internal key -> the label the wizard shows. */
export const DETAIL_ITEMS: ReadonlyArray<{ key: DetailKey; label: string }> = [
  { key: 'Detail Numbers', label: 'Numbers' },
  { key: 'Detail Visual', label: 'Visuals' },
  { key: 'Detail Context', label: 'AI Context' },
];

export type ToneKey = 'tone_conversational' | 'tone_formal' | 'tone_creative' | 'tone_funny';
/** Conversation Tone: internal key -> the label the wizard shows. */
export const TONE_ITEMS: ReadonlyArray<{ key: ToneKey; label: string }> = [
  { key: 'tone_conversational', label: 'Conversational' },
  { key: 'tone_formal', label: 'Formal' },
  { key: 'tone_creative', label: 'Creative' },
  { key: 'tone_funny', label: 'Funny' },
];

/**
 * docs/product/identity.md, "Occupation suggestions (39)". Its condensed "Student High School, College and
 * Graduate" stands for the three student entries; with the 36 others that makes the 39 it counts.
 */
export const OCCUPATION_SUGGESTIONS = [
  'Student High School',
  'Student College',
  'Student Graduate',
  'Engineer',
  'Teacher',
  'Doctor',
  'Nurse',
  'Lawyer',
  'Accountant',
  'Manager',
  'Software Developer',
  'Data Scientist',
  'Marketing Specialist',
  'Sales Representative',
  'Consultant',
  'Entrepreneur',
  'Freelancer',
  'Retired',
  'Unemployed',
  'Trader',
  'Financial Advisor',
  'Real Estate Agent',
  'Architect',
  'Designer',
  'Writer',
  'Artist',
  'Chef',
  'Mechanic',
  'Electrician',
  'Plumber',
  'Construction Worker',
  'Police Officer',
  'Firefighter',
  'Social Worker',
  'Therapist',
  'Pharmacist',
  'Researcher',
  'Professor',
  'Administrator',
] as const;

// ---------------------------------------------------------------------------------------------------
// Values and helpers

/** 'N/10' or 'N/3' for a rating. */
export function formatScale(value: number, max: 10 | 3): string {
  return `${value}/${max}`;
}

/** The N of an 'N/max' string, or undefined when it is not a valid value of that scale. */
export function parseScale(text: unknown, max: 10 | 3): number | undefined {
  if (typeof text === 'number') return Number.isInteger(text) && text >= 1 && text <= max ? text : undefined;
  if (typeof text !== 'string') return undefined;
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{1,2})\s*$/.exec(text);
  if (!match || Number(match[2]) !== max) return undefined;
  const value = Number(match[1]);
  return value >= 1 && value <= max ? value : undefined;
}

/** Words as the 200-word cap counts them: runs of non-space characters. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** The first `limit` words of a text, its spacing kept. */
export function truncateWords(text: string, limit: number = PROMPT_WORD_LIMIT): string {
  if (countWords(text) <= limit) return text;
  const words = text.trim().match(/\S+\s*/g) ?? [];
  return words.slice(0, limit).join('').trimEnd();
}

/** Trimmed, blanks dropped, duplicates (ignoring case) dropped, first spelling kept. */
export function cleanOccupations(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const value = raw.trim();
    const key = value.toLowerCase();
    if (value === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The document schema (strict: what /db/save-user-preferences accepts)

const pm = identityMessages.preferences;
const tenScale = safeString().regex(/^(10|[1-9])\/10$/, pm.badTenScale);
const threeScale = safeString().regex(/^[1-3]\/3$/, pm.badThreeScale);

export const financialExperienceSchema = z.strictObject({
  'Personal Finance': tenScale.optional(),
  'Personal Finance Risk': threeScale.optional(),
  Investing: tenScale.optional(),
  'Investing Risk': threeScale.optional(),
  Retirement: tenScale.optional(),
  'Retirement Risk': threeScale.optional(),
  Trading: tenScale.optional(),
  'Trading Risk': threeScale.optional(),
  'Crypto / Web3': tenScale.optional(),
  'Crypto / Web3 Risk': threeScale.optional(),
});

export const responseDetailSchema = z.strictObject({
  'Detail Numbers': tenScale.optional(),
  'Detail Visual': tenScale.optional(),
  'Detail Context': tenScale.optional(),
});

export const conversationToneSchema = z.strictObject({
  tone_conversational: threeScale.optional(),
  tone_formal: threeScale.optional(),
  tone_creative: threeScale.optional(),
  tone_funny: threeScale.optional(),
});

export const occupationListSchema = z
  .array(safeString().trim().max(OCCUPATION_LIMITS.maxLength, pm.occupationTooLong))
  .max(200, pm.tooManyOccupations)
  .transform(cleanOccupations)
  .pipe(z.array(z.string()).max(OCCUPATION_LIMITS.maxEntries, pm.tooManyOccupations));

export const preferenceProfileSchema = z.strictObject({
  Name: safeString().trim().max(201).optional(),
  DateOfBirth: safeString().trim().max(40).optional(),
  Country: safeString().trim().max(100).optional(),
  Occupation: occupationListSchema.optional(),
});

/** The free-text prompt: at most 200 words (and a sane number of characters). */
export const preferencePromptSchema = safeString()
  .max(4000, pm.promptTooLong)
  .refine((text) => countWords(text) <= PROMPT_WORD_LIMIT, pm.promptTooLong);

export const preferencesDocumentSchema = z.strictObject({
  'Financial Experience': financialExperienceSchema.optional(),
  'Response Detail': responseDetailSchema.optional(),
  'Conversation Tone': conversationToneSchema.optional(),
  Profile: preferenceProfileSchema.optional(),
  User_Preference_Prompt: preferencePromptSchema.optional(),
});
export type PreferencesDocument = z.output<typeof preferencesDocumentSchema>;
export type FinancialExperience = z.output<typeof financialExperienceSchema>;
export type ResponseDetail = z.output<typeof responseDetailSchema>;
export type ConversationTone = z.output<typeof conversationToneSchema>;
export type PreferenceProfile = z.output<typeof preferenceProfileSchema>;

// ---------------------------------------------------------------------------------------------------
// The tolerant reader

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function firstDefined(record: Record<string, unknown> | undefined, keys: readonly string[]): unknown {
  if (!record) return undefined;
  for (const key of keys) if (record[key] !== undefined && record[key] !== null) return record[key];
  return undefined;
}

function shortString(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, max);
}

const detailAliases: Record<DetailKey, readonly string[]> = {
  'Detail Numbers': ['Detail Numbers', 'Numbers'],
  'Detail Visual': ['Detail Visual', 'Visuals', 'Visual'],
  'Detail Context': ['Detail Context', 'AI Context', 'Context'],
};

const toneAliases: Record<ToneKey, readonly string[]> = {
  tone_conversational: ['tone_conversational', 'Conversational'],
  tone_formal: ['tone_formal', 'Formal'],
  tone_creative: ['tone_creative', 'Creative'],
  tone_funny: ['tone_funny', 'Funny'],
};

/**
 * Reads any stored or received preferences into the canonical document and never throws: accepts
 * the lowercase prompt field and a single-string occupation (docs/product/identity.md,
 * "Preferences document"), display labels and bare numbers in place of internal keys and 'N/x' strings; drops
 * whatever is not a valid value. The result always passes `preferencesDocumentSchema`.
 */
export function normalizePreferences(raw: unknown): PreferencesDocument {
  const source = asRecord(raw) ?? {};
  const doc: PreferencesDocument = {};

  const financialRaw = asRecord(source['Financial Experience'] ?? source.financial_experience);
  const financial: Record<string, string> = {};
  for (const { key, label } of FINANCIAL_CATEGORIES) {
    const rating = parseScale(firstDefined(financialRaw, [label, key]), 10);
    const risk = parseScale(firstDefined(financialRaw, [riskKey(label), `${key}_risk`]), 3);
    if (rating !== undefined) financial[label] = formatScale(rating, 10);
    if (risk !== undefined) financial[riskKey(label)] = formatScale(risk, 3);
  }
  if (Object.keys(financial).length > 0) doc['Financial Experience'] = financial;

  const detailRaw = asRecord(source['Response Detail'] ?? source.response_detail);
  const detail: Record<string, string> = {};
  for (const { key } of DETAIL_ITEMS) {
    const value = parseScale(firstDefined(detailRaw, detailAliases[key]), 10);
    if (value !== undefined) detail[key] = formatScale(value, 10);
  }
  if (Object.keys(detail).length > 0) doc['Response Detail'] = detail;

  const toneRaw = asRecord(source['Conversation Tone'] ?? source.conversation_tone);
  const tone: Record<string, string> = {};
  for (const { key } of TONE_ITEMS) {
    const value = parseScale(firstDefined(toneRaw, toneAliases[key]), 3);
    if (value !== undefined) tone[key] = formatScale(value, 3);
  }
  if (Object.keys(tone).length > 0) doc['Conversation Tone'] = tone;

  const profileRaw = asRecord(source.Profile ?? source.profile);
  const profile: PreferenceProfile = {};
  const name = shortString(firstDefined(profileRaw, ['Name', 'name']), 201);
  const dateOfBirth = shortString(firstDefined(profileRaw, ['DateOfBirth', 'dateOfBirth']), 40);
  const country = shortString(firstDefined(profileRaw, ['Country', 'country']), 100);
  const occupationRaw = firstDefined(profileRaw, ['Occupation', 'occupation']);
  const occupationList = typeof occupationRaw === 'string' ? [occupationRaw] : occupationRaw;
  if (name) profile.Name = name;
  if (dateOfBirth) profile.DateOfBirth = dateOfBirth;
  if (country) profile.Country = country;
  if (Array.isArray(occupationList)) {
    const occupations = cleanOccupations(
      occupationList.filter(
        (entry): entry is string =>
          typeof entry === 'string' && entry.trim().length <= OCCUPATION_LIMITS.maxLength,
      ),
    ).slice(0, OCCUPATION_LIMITS.maxEntries);
    if (occupations.length > 0) profile.Occupation = occupations;
  }
  if (Object.keys(profile).length > 0) doc.Profile = profile;

  const prompt = firstDefined(source, ['User_Preference_Prompt', 'user_preference_prompt', 'prompt']);
  if (typeof prompt === 'string' && prompt.trim() !== '') {
    doc.User_Preference_Prompt = truncateWords(prompt.slice(0, 4000).trim());
  }
  return doc;
}

/**
 * True when the document holds no preference at all: the wizard then opens by itself
 * (docs/product/identity.md, "Preferences wizard").
 */
export function isPreferencesEmpty(raw: unknown): boolean {
  return Object.keys(normalizePreferences(raw)).length === 0;
}

// ---------------------------------------------------------------------------------------------------
// Endpoints

/** POST /db/save-user-preferences */
export const saveUserPreferencesRequestSchema = z.object({
  username: userIdentitySchema.shape.username,
  firstName: userIdentitySchema.shape.firstName,
  lastName: userIdentitySchema.shape.lastName,
  preferences: preferencesDocumentSchema,
});
export type SaveUserPreferencesRequest = z.input<typeof saveUserPreferencesRequestSchema>;

export const saveUserPreferencesResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
});
export type SaveUserPreferencesResponse = z.infer<typeof saveUserPreferencesResponseSchema>;

const infoField = safeString().trim().max(254).nullish();

/**
 * The "user info" the web app passes to prompt generation (docs/product/identity.md, "Derived user info").
 */
export const promptUserInfoSchema = z.object({
  username: infoField,
  userId: infoField,
  email: infoField,
  firstName: infoField,
  middleName: infoField,
  lastName: infoField,
  phoneNumber: infoField,
  dateOfBirth: infoField,
  country: infoField,
});
export type PromptUserInfo = z.infer<typeof promptUserInfoSchema>;

/** POST /db/generate-preference-prompt */
export const generatePreferencePromptRequestSchema = z.object({
  user_info: promptUserInfoSchema,
  preferences: preferencesDocumentSchema,
  existing_prompt: preferencePromptSchema.nullish(),
});
export type GeneratePreferencePromptRequest = z.input<typeof generatePreferencePromptRequestSchema>;

export const generatePreferencePromptResponseSchema = z.object({
  success: z.boolean(),
  prompt: z.string(),
});
export type GeneratePreferencePromptResponse = z.infer<typeof generatePreferencePromptResponseSchema>;
