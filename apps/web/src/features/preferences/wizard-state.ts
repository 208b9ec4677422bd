import {
  cleanOccupations,
  countWords,
  DETAIL_ITEMS,
  type DetailKey,
  FINANCIAL_CATEGORIES,
  type FinancialCategoryKey,
  formatScale,
  OCCUPATION_LIMITS,
  OCCUPATION_SUGGESTIONS,
  PREFERENCE_SCALES,
  PROMPT_WORD_LIMIT,
  type PreferencesDocument,
  parseScale,
  riskKey,
  TONE_ITEMS,
  type ToneKey,
} from '@penny/contracts';

/** docs/product/identity.md, "Preferences wizard (states)": welcome, then the sections in this order. */
export const WIZARD_SECTIONS = ['occupation', 'financial', 'detail', 'tone', 'prompt'] as const;
export type WizardSection = (typeof WIZARD_SECTIONS)[number];
export type WizardStep = 'welcome' | WizardSection;

export type FinancialRating = { rating: number; risk: number };

export type WizardValues = {
  /** Chosen occupations, in the order chosen. */
  occupations: string[];
  /** Custom occupations the user added (shown with the suggestions). */
  customOccupations: string[];
  /** A category is rated when present. */
  financial: Partial<Record<FinancialCategoryKey, FinancialRating>>;
  detail: Partial<Record<DetailKey, number>>;
  tone: Partial<Record<ToneKey, number>>;
  prompt: string;
};

export function emptyWizardValues(): WizardValues {
  return { occupations: [], customOccupations: [], financial: {}, detail: {}, tone: {}, prompt: '' };
}

const suggestionKeys = new Set(OCCUPATION_SUGGESTIONS.map((entry) => entry.toLowerCase()));

/** The wizard's values from a stored document (already canonical: normalizePreferences). */
export function valuesFromDocument(doc: PreferencesDocument): WizardValues {
  const values = emptyWizardValues();
  const financial = doc['Financial Experience'] ?? {};
  const financialRecord = financial as Record<string, string | undefined>;
  for (const { key, label } of FINANCIAL_CATEGORIES) {
    const rating = parseScale(financialRecord[label], 10);
    const risk = parseScale(financialRecord[riskKey(label)], 3);
    if (rating !== undefined) {
      values.financial[key] = { rating, risk: risk ?? PREFERENCE_SCALES.risk.default };
    }
  }
  const detail = (doc['Response Detail'] ?? {}) as Record<string, string | undefined>;
  for (const { key } of DETAIL_ITEMS) {
    const value = parseScale(detail[key], 10);
    if (value !== undefined) values.detail[key] = value;
  }
  const tone = (doc['Conversation Tone'] ?? {}) as Record<string, string | undefined>;
  for (const { key } of TONE_ITEMS) {
    const value = parseScale(tone[key], 3);
    if (value !== undefined) values.tone[key] = value;
  }
  values.occupations = cleanOccupations(doc.Profile?.Occupation ?? []);
  values.customOccupations = values.occupations.filter((entry) => !suggestionKeys.has(entry.toLowerCase()));
  values.prompt = doc.User_Preference_Prompt ?? '';
  return values;
}

export type ProfileFacts = {
  name?: string | undefined;
  dateOfBirth?: string | undefined;
  country?: string | undefined;
};

/** The preferences document (docs/product/identity.md, "Preferences document") for the wizard's values. */
export function documentFromValues(values: WizardValues, facts: ProfileFacts): PreferencesDocument {
  const doc: PreferencesDocument = {};
  const financial: Record<string, string> = {};
  for (const { key, label } of FINANCIAL_CATEGORIES) {
    const entry = values.financial[key];
    if (!entry) continue;
    financial[label] = formatScale(entry.rating, 10);
    financial[riskKey(label)] = formatScale(entry.risk, 3);
  }
  if (Object.keys(financial).length > 0) doc['Financial Experience'] = financial;

  const detail: Record<string, string> = {};
  for (const { key } of DETAIL_ITEMS) {
    const value = values.detail[key];
    if (value !== undefined) detail[key] = formatScale(value, 10);
  }
  if (Object.keys(detail).length > 0) doc['Response Detail'] = detail;

  const tone: Record<string, string> = {};
  for (const { key } of TONE_ITEMS) {
    const value = values.tone[key];
    if (value !== undefined) tone[key] = formatScale(value, 3);
  }
  if (Object.keys(tone).length > 0) doc['Conversation Tone'] = tone;

  const profile: NonNullable<PreferencesDocument['Profile']> = {};
  if (facts.name?.trim()) profile.Name = facts.name.trim();
  if (facts.dateOfBirth?.trim()) profile.DateOfBirth = facts.dateOfBirth.trim();
  if (facts.country?.trim()) profile.Country = facts.country.trim();
  const occupations = cleanOccupations(values.occupations).slice(0, OCCUPATION_LIMITS.maxEntries);
  if (occupations.length > 0) profile.Occupation = occupations;
  if (Object.keys(profile).length > 0) doc.Profile = profile;

  const prompt = values.prompt.trim();
  if (prompt) doc.User_Preference_Prompt = prompt;
  return doc;
}

/** "Save is enabled when something in the step is set." */
export function canSave(step: WizardStep, values: WizardValues): boolean {
  switch (step) {
    case 'welcome':
      return false;
    case 'occupation':
      return values.occupations.length > 0;
    case 'financial':
      return Object.keys(values.financial).length > 0;
    case 'detail':
      return Object.keys(values.detail).length > 0;
    case 'tone':
      return Object.keys(values.tone).length > 0;
    case 'prompt':
      return values.prompt.trim() !== '';
  }
}

/** Next from financial needs a rated category; from detail, all three items. */
export function canGoNext(step: WizardStep, values: WizardValues): boolean {
  switch (step) {
    case 'financial':
      return Object.keys(values.financial).length > 0;
    case 'detail':
      return DETAIL_ITEMS.every(({ key }) => values.detail[key] !== undefined);
    default:
      return true;
  }
}

export function nextStep(step: WizardStep): WizardStep | null {
  if (step === 'welcome') return 'occupation';
  const index = WIZARD_SECTIONS.indexOf(step);
  return WIZARD_SECTIONS[index + 1] ?? null;
}

export function previousStep(step: WizardStep): WizardStep | null {
  if (step === 'welcome') return null;
  const index = WIZARD_SECTIONS.indexOf(step);
  return index === 0 ? 'welcome' : (WIZARD_SECTIONS[index - 1] ?? 'welcome');
}

/** Adds a custom occupation (trimmed; blanks and duplicates ignored) to the list and to the choice. */
export function addOccupation(values: WizardValues, raw: string): WizardValues {
  const entry = raw.trim();
  if (!entry || entry.length > OCCUPATION_LIMITS.maxLength) return values;
  const key = entry.toLowerCase();
  const known = [...OCCUPATION_SUGGESTIONS, ...values.customOccupations].find(
    (existing) => existing.toLowerCase() === key,
  );
  const name = known ?? entry;
  const customOccupations = known ? values.customOccupations : [...values.customOccupations, entry];
  const chosen = values.occupations.some((existing) => existing.toLowerCase() === key);
  if (!chosen && values.occupations.length >= OCCUPATION_LIMITS.maxEntries) {
    return { ...values, customOccupations };
  }
  return {
    ...values,
    customOccupations,
    occupations: chosen ? values.occupations : [...values.occupations, name],
  };
}

export function toggleOccupation(values: WizardValues, name: string): WizardValues {
  const chosen = values.occupations.includes(name);
  if (!chosen && values.occupations.length >= OCCUPATION_LIMITS.maxEntries) return values;
  return {
    ...values,
    occupations: chosen
      ? values.occupations.filter((entry) => entry !== name)
      : [...values.occupations, name],
  };
}

/** "The custom prompt is capped at 200 words; input that would exceed the cap is ignored." */
export function acceptPromptInput(current: string, next: string): string {
  return countWords(next) > PROMPT_WORD_LIMIT ? current : next;
}
