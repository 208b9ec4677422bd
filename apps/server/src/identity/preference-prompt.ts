import {
  countWords,
  FINANCIAL_CATEGORIES,
  type FinancialCategoryLabel,
  PREFERENCE_SCALES,
  PROMPT_WORD_LIMIT,
  type PreferencesDocument,
  type PromptUserInfo,
  parseScale,
  riskKey,
  type ToneKey,
  truncateWords,
} from '@penny/contracts';

/**
 * The offline composer of the preference prompt (docs/product/identity.md, "Internal helpers"): a personal
 * instruction for the assistant, written in the second person, that reflects every preference set in
 * the wizard, in at most 200 words. No model is asked for it, even when the chat agent runs on an LLM
 * (AGENT_PROVIDER); an LLM could write it instead, with this as the fallback. Deterministic: the same
 * input always gives the same text.
 * See docs/decisions/0004-identity.md.
 */

/** Our own output starts like this; an "existing prompt" that does is regenerated, not quoted. */
export const COMPOSED_PROMPT_OPENING = 'You are Penny, ';
/** Occupations named one by one; the rest are counted ("and 3 other roles"). */
const MAX_NAMED_OCCUPATIONS = 6;

export type ComposeInput = {
  userInfo: PromptUserInfo;
  preferences: PreferencesDocument;
  existingPrompt?: string | null;
  /** For the age sentence; defaults to today. */
  today?: Date;
};

const categoryWords: Record<FinancialCategoryLabel, string> = {
  'Personal Finance': 'personal finance',
  Investing: 'investing',
  Retirement: 'retirement planning',
  Trading: 'trading',
  'Crypto / Web3': 'crypto/Web3',
};

type Band = 0 | 1 | 2 | 3 | 4;
/** 1–2, 3–4, 5–6, 7–8, 9–10. */
function band(value: number): Band {
  return Math.min(4, Math.floor((value - 1) / 2)) as Band;
}

/** Each level as said of a name ("Ada is") and of "they" ("they are"). */
const experience: Record<Band, { level: [string, string]; guidance: string }> = {
  0: { level: ['is new to', 'are new to'], guidance: 'define every term and go step by step' },
  1: { level: ['knows the basics of', 'know the basics of'], guidance: 'explain jargon briefly' },
  2: {
    level: ['has a working knowledge of', 'have a working knowledge of'],
    guidance: 'skip the basics but spell out trade-offs',
  },
  3: { level: ['is experienced in', 'are experienced in'], guidance: 'use standard terminology freely' },
  4: { level: ['is an expert in', 'are an expert in'], guidance: 'go straight to the nuances' },
};

const riskAppetite: Record<1 | 2 | 3, string> = {
  1: 'keep to low-risk options',
  2: 'moderate risk is fine',
  3: 'higher-risk ideas are welcome',
};

const numbersDetail: Record<Band, string> = {
  0: 'keep numbers to a bare minimum',
  1: 'mention only the key figures',
  2: 'include the main figures',
  3: 'give precise figures and percentages',
  4: 'show exact figures, percentages and the calculations behind them',
};
const visualDetail: Record<Band, string> = {
  0: 'avoid charts unless asked',
  1: 'use a chart only when it clearly helps',
  2: 'add a chart or table where it makes things clearer',
  3: 'favour charts and tables',
  4: 'lead with rich charts and tables',
};
const contextDetail: Record<Band, string> = {
  0: 'keep explanations to a sentence',
  1: 'explain briefly',
  2: 'explain your reasoning in a few sentences',
  3: 'explain the reasoning and background thoroughly',
  4: 'give the full reasoning, background and caveats',
};

const toneAdjective: Record<ToneKey, string> = {
  tone_conversational: 'conversational',
  tone_formal: 'formal',
  tone_creative: 'creative',
  tone_funny: 'playful',
};
const toneTouch: Record<ToneKey, string> = {
  tone_conversational: 'warmth',
  tone_formal: 'formality',
  tone_creative: 'creativity',
  tone_funny: 'humour',
};
const toneAvoid: Record<ToneKey, string> = {
  tone_conversational: 'small talk',
  tone_formal: 'stiff formality',
  tone_creative: 'flourishes',
  tone_funny: 'jokes',
};
const TONE_ORDER: readonly ToneKey[] = ['tone_conversational', 'tone_formal', 'tone_creative', 'tone_funny'];

/** Natural phrases for the suggested occupations; anything else is used as typed. */
const occupationPhrases: Record<string, string> = {
  'Student High School': 'a high school student',
  'Student College': 'a college student',
  'Student Graduate': 'a graduate student',
  Retired: 'retired',
  Unemployed: 'between jobs',
  Freelancer: 'a freelancer',
  Entrepreneur: 'an entrepreneur',
};

function occupationPhrase(occupation: string): string {
  const known = occupationPhrases[occupation];
  if (known) return known;
  if (/^(a|an|the)\s/i.test(occupation)) return occupation;
  // Suggestions are role nouns ("Software Developer"): lowercase them; custom entries keep their case.
  const suggested = /^[A-Z][a-z]+( [A-Z][a-z]+)*$/.test(occupation) ? occupation.toLowerCase() : occupation;
  return `${/^[aeiou]/i.test(suggested) ? 'an' : 'a'} ${suggested}`;
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}${/[.!?]$/.test(trimmed) ? '' : '.'}`;
}

function ageOn(dateOfBirth: string | undefined, today: Date): number | undefined {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return undefined;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age >= 0 && age < 130 ? age : undefined;
}

type Parts = {
  intro: string;
  experience: string[];
  detail?: string;
  tone?: string;
  place?: string;
  age?: string;
  ownWords?: string;
};

function experienceSentences(doc: PreferencesDocument, who: string): string[] {
  const financial = doc['Financial Experience'] ?? {};
  // Group categories that share a level and a risk appetite, so the text reads as prose, not a table.
  const groups = new Map<string, { band: Band; risk: 1 | 2 | 3; labels: FinancialCategoryLabel[] }>();
  for (const { label } of FINANCIAL_CATEGORIES) {
    const rating = parseScale(financial[label], 10);
    if (rating === undefined) continue;
    const risk = (parseScale(financial[riskKey(label)], 3) ?? PREFERENCE_SCALES.risk.default) as 1 | 2 | 3;
    const key = `${band(rating)}:${risk}`;
    const group = groups.get(key) ?? { band: band(rating), risk, labels: [] };
    group.labels.push(label);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.band - b.band || a.risk - b.risk)
    .map((group, index) => {
      const topics = joinList(group.labels.map((label) => categoryWords[label]));
      const { level, guidance } = experience[group.band];
      // Alternate the subject so consecutive sentences do not all open with the name.
      const subject = index % 2 === 0 ? `${who} ${level[0]}` : `they ${level[1]}`;
      return sentence(`${subject} ${topics}: ${guidance}; ${riskAppetite[group.risk]}`);
    });
}

function detailSentence(doc: PreferencesDocument): string | undefined {
  const detail = doc['Response Detail'] ?? {};
  const clauses: string[] = [];
  const numbers = parseScale(detail['Detail Numbers'], 10);
  const visuals = parseScale(detail['Detail Visual'], 10);
  const context = parseScale(detail['Detail Context'], 10);
  if (numbers !== undefined) clauses.push(numbersDetail[band(numbers)]);
  if (visuals !== undefined) clauses.push(visualDetail[band(visuals)]);
  if (context !== undefined) clauses.push(contextDetail[band(context)]);
  return clauses.length > 0 ? sentence(`In your answers, ${joinList(clauses)}`) : undefined;
}

function toneSentence(doc: PreferencesDocument): string | undefined {
  const tone = doc['Conversation Tone'] ?? {};
  const levels = TONE_ORDER.map((key) => ({ key, level: parseScale(tone[key], 3) })).filter(
    (entry): entry is { key: ToneKey; level: number } => entry.level !== undefined,
  );
  if (levels.length === 0) return undefined;
  const strong = levels.filter((entry) => entry.level === 3).map((entry) => entry.key);
  const some = levels.filter((entry) => entry.level === 2).map((entry) => entry.key);
  const none = levels.filter((entry) => entry.level === 1).map((entry) => entry.key);
  const clauses: string[] = [];
  if (strong.length > 0) {
    const touch = some.length > 0 ? ` with a touch of ${joinList(some.map((key) => toneTouch[key]))}` : '';
    clauses.push(`sound ${joinList(strong.map((key) => toneAdjective[key]))} above all${touch}`);
  } else if (some.length > 0) {
    clauses.push(`keep a lightly ${joinList(some.map((key) => toneAdjective[key]))} tone`);
  } else {
    clauses.push('keep the tone plain and neutral');
  }
  if (none.length > 0) clauses.push(`leave out ${joinList(none.map((key) => toneAvoid[key]))}`);
  return sentence(clauses.join('; '));
}

function isComposed(text: string): boolean {
  return text.trim().startsWith(COMPOSED_PROMPT_OPENING);
}

function render(parts: Parts): string {
  return [parts.intro, ...parts.experience, parts.detail, parts.tone, parts.place, parts.age, parts.ownWords]
    .filter((part): part is string => Boolean(part))
    .join(' ');
}

export function composePreferencePrompt(input: ComposeInput): string {
  const { preferences: doc, userInfo } = input;
  const profile = doc.Profile ?? {};
  const name = profile.Name?.trim().split(/\s+/)[0] || userInfo.firstName?.trim() || undefined;
  const who = name ?? 'the user';
  const occupations = profile.Occupation ?? [];
  const country = profile.Country?.trim() || userInfo.country?.trim() || undefined;
  const dateOfBirth = profile.DateOfBirth?.trim() || userInfo.dateOfBirth?.trim() || undefined;

  const introFor = (shown: readonly string[], hidden: number) => {
    const roles = shown.map(occupationPhrase);
    if (hidden > 0) roles.push(`${hidden} other role${hidden === 1 ? '' : 's'}`);
    const background = roles.length > 0 ? `, who is ${joinList(roles)}` : '';
    return `${COMPOSED_PROMPT_OPENING}a personal finance assistant speaking with ${who}${background}.`;
  };

  const parts: Parts = {
    intro: introFor(
      occupations.slice(0, MAX_NAMED_OCCUPATIONS),
      Math.max(0, occupations.length - MAX_NAMED_OCCUPATIONS),
    ),
    experience: experienceSentences(doc, who),
    detail: detailSentence(doc),
    tone: toneSentence(doc),
    place: country
      ? sentence(
          `${who} lives in ${country}, so use its currency, tax rules and financial products when they matter`,
        )
      : undefined,
  };
  const age = ageOn(dateOfBirth, input.today ?? new Date());
  if (age !== undefined) parts.age = sentence(`${who} is ${age}, which matters for time horizons`);
  const words = () => countWords(render(parts));

  const existing = input.existingPrompt?.trim().replace(/\s+/g, ' ').replace(/"/g, "'");
  if (existing && !isComposed(existing)) {
    // Keep the gist of what the user wrote: quote it, trimmed to the words left (the age sentence
    // gives way first).
    const lead = `Also honour ${name ? `${name}'s` : 'their'} own words: "`;
    const room = () => PROMPT_WORD_LIMIT - words() - countWords(lead);
    if (room() < countWords(existing)) parts.age = undefined;
    if (room() >= 5) {
      const quoted = truncateWords(existing, room());
      parts.ownWords = `${lead}${quoted}${countWords(quoted) < countWords(existing) ? '…' : ''}"`;
    }
  }

  // Still over the cap (long custom occupations): drop the age, then name fewer occupations.
  if (words() > PROMPT_WORD_LIMIT) parts.age = undefined;
  for (
    let shown = Math.min(occupations.length, MAX_NAMED_OCCUPATIONS) - 1;
    words() > PROMPT_WORD_LIMIT && shown >= 1;
    shown--
  ) {
    parts.intro = introFor(occupations.slice(0, shown), occupations.length - shown);
  }
  return truncateWords(render(parts), PROMPT_WORD_LIMIT);
}
