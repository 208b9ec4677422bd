import {
  countWords,
  DETAIL_ITEMS,
  FINANCIAL_CATEGORIES,
  identityMessages,
  OCCUPATION_LIMITS,
  OCCUPATION_SUGGESTIONS,
  PREFERENCE_SCALES,
  PROMPT_WORD_LIMIT,
  RISK_HINTS,
  TONE_ITEMS,
} from '@penny/contracts';
import { Briefcase, Gauge, type LucideIcon, MessageCircle, Plus, Sparkles, TrendingUp } from 'lucide-react';
import { type FormEvent, type Ref, useId, useState } from 'react';
import { Button, Checkbox, cx, Input, RatingScale, Textarea } from '../../ui/index.ts';
import {
  acceptPromptInput,
  addOccupation,
  toggleOccupation,
  type WizardSection,
  type WizardValues,
} from './wizard-state.ts';

const pm = identityMessages.preferences;

export type SectionProps = {
  values: WizardValues;
  update: (change: (values: WizardValues) => WizardValues) => void;
};

/**
 * Detail hints exist at 1, 3, 5, 7 and 10; docs/product/identity.md, "Preferences rules", does not give their
 * words; these are ours.
 */
export const DETAIL_HINTS: Partial<Record<number, string>> = {
  1: 'Just the essentials',
  3: 'Brief',
  5: 'Balanced',
  7: 'Detailed',
  10: 'Everything',
};

/** Tone hints at 1, 2 and 3 (our words). */
export const TONE_HINTS: Partial<Record<number, string>> = { 1: 'A little', 2: 'Some', 3: 'A lot' };

export const SECTION_TITLES: Record<WizardSection, string> = {
  occupation: 'Your Background',
  financial: 'Financial Experience',
  detail: 'Response Detail',
  tone: 'Conversation Tone',
  prompt: 'AI Prompt Generation',
};

const welcomeCards: ReadonlyArray<{ section: WizardSection; icon: LucideIcon; text: string }> = [
  { section: 'occupation', icon: Briefcase, text: 'What you do, so examples fit your life.' },
  { section: 'financial', icon: TrendingUp, text: 'How familiar you are with each area of money.' },
  { section: 'detail', icon: Gauge, text: 'How many numbers, visuals and context you want.' },
  { section: 'tone', icon: MessageCircle, text: 'How Penny should talk to you.' },
];

export function WelcomeStep({
  headingRef,
  onOpen,
  onStart,
  onSkip,
}: {
  /** Takes the focus when the wizard comes back to this step. */
  headingRef?: Ref<HTMLHeadingElement>;
  onOpen: (section: WizardSection) => void;
  onStart: () => void;
  /** Present when skipping is allowed. */
  onSkip?: (() => void) | undefined;
}) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-text focus:outline-none">
          Welcome! Let's make Penny yours.
        </h3>
        <p className="text-sm text-text-muted">
          A few questions help Penny tailor its answers. Pick any section to begin; you can change everything
          later in Settings.
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {welcomeCards.map(({ section, icon: Icon, text }) => (
          <li key={section}>
            <button
              type="button"
              onClick={() => onOpen(section)}
              className="flex h-full w-full flex-col items-start gap-2 rounded-xl border border-border bg-surface p-4 text-left transition-colors duration-150 hover:border-accent"
            >
              <Icon aria-hidden="true" className="size-5 text-accent" strokeWidth={1.75} />
              <span className="text-base font-semibold text-text">{SECTION_TITLES[section]}</span>
              <span className="text-sm text-text-muted">{text}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        {onSkip ? (
          <Button variant="ghost" onClick={onSkip}>
            {pm.skipForNow}
          </Button>
        ) : null}
        <Button onClick={onStart}>Get started</Button>
      </div>
    </div>
  );
}

const chipClassName =
  'rounded-full border px-3 py-1.5 text-sm transition-colors duration-150 aria-pressed:border-accent ' +
  'aria-pressed:bg-accent aria-pressed:text-on-accent border-border-strong bg-surface text-text hover:border-accent';

/** Occupation chips shown before 'Show all'. */
export const COLLAPSED_OCCUPATIONS = 12;

export function OccupationStep({ values, update }: SectionProps) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const options = [...OCCUPATION_SUGGESTIONS, ...values.customOccupations];
  const full = values.occupations.length >= OCCUPATION_LIMITS.maxEntries;
  // The full list is long enough to push Next out of sight: a first few (and every chosen one) until asked.
  const shown = showAll
    ? options
    : options.filter((name, index) => index < COLLAPSED_OCCUPATIONS || values.occupations.includes(name));
  const hidden = options.length - shown.length;

  function onAdd(event: FormEvent) {
    event.preventDefault();
    update((current) => addOccupation(current, draft));
    setDraft('');
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-text-muted">Choose what describes you. You can pick more than one.</p>
      <fieldset id={listId} className="flex flex-wrap gap-2">
        <legend className="sr-only">Occupations</legend>
        {shown.map((name) => {
          const chosen = values.occupations.includes(name);
          return (
            <button
              key={name}
              type="button"
              aria-pressed={chosen}
              disabled={!chosen && full}
              onClick={() => update((current) => toggleOccupation(current, name))}
              className={cx(chipClassName, 'disabled:opacity-60')}
            >
              {name}
            </button>
          );
        })}
      </fieldset>
      {hidden > 0 || showAll ? (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          aria-expanded={showAll}
          aria-controls={listId}
          onClick={() => setShowAll(!showAll)}
        >
          {showAll ? 'Show fewer' : `Show all ${options.length} occupations`}
        </Button>
      ) : null}
      <form onSubmit={onAdd} className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-text">
          Add another occupation
        </label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={draft}
            maxLength={OCCUPATION_LIMITS.maxLength}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={draft.trim() === ''}>
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
      </form>
    </div>
  );
}

export function FinancialStep({ values, update }: SectionProps) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-text-muted">
        Tick the areas you want help with, then rate your experience (1 = new to it, 10 = expert) and the risk
        you are comfortable with.
      </p>
      <ul className="flex flex-col gap-3">
        {FINANCIAL_CATEGORIES.map(({ key, label }) => {
          const entry = values.financial[key];
          return (
            <li key={key} className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4">
              <Checkbox
                label={`Rate ${label}`}
                checked={entry !== undefined}
                onCheckedChange={(checked) =>
                  update((current) => {
                    const financial = { ...current.financial };
                    if (checked === true) {
                      financial[key] = {
                        rating: PREFERENCE_SCALES.rating.default,
                        risk: PREFERENCE_SCALES.risk.default,
                      };
                    } else {
                      delete financial[key];
                    }
                    return { ...current, financial };
                  })
                }
              />
              {entry ? (
                <>
                  <RatingScale
                    label={`${label} experience`}
                    max={PREFERENCE_SCALES.rating.max}
                    value={entry.rating}
                    ends={['New to it', 'Expert']}
                    onValueChange={(rating) =>
                      update((current) => ({
                        ...current,
                        financial: { ...current.financial, [key]: { ...entry, rating } },
                      }))
                    }
                  />
                  <RatingScale
                    label={`${label} risk`}
                    max={PREFERENCE_SCALES.risk.max}
                    value={entry.risk}
                    hints={RISK_HINTS}
                    onValueChange={(risk) =>
                      update((current) => ({
                        ...current,
                        financial: { ...current.financial, [key]: { ...entry, risk } },
                      }))
                    }
                  />
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function DetailStep({ values, update }: SectionProps) {
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-text-muted">How much should Penny show you? Set all three.</p>
      {DETAIL_ITEMS.map(({ key, label }) => (
        <RatingScale
          key={key}
          label={label}
          max={PREFERENCE_SCALES.detail.max}
          value={values.detail[key] ?? null}
          hints={DETAIL_HINTS}
          ends={['Less', 'More']}
          onValueChange={(value) =>
            update((current) => ({ ...current, detail: { ...current.detail, [key]: value } }))
          }
        />
      ))}
    </div>
  );
}

export function ToneStep({ values, update }: SectionProps) {
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-text-muted">How should Penny sound? Rate each tone from 1 to 3.</p>
      {TONE_ITEMS.map(({ key, label }) => (
        <RatingScale
          key={key}
          label={label}
          max={PREFERENCE_SCALES.tone.max}
          value={values.tone[key] ?? null}
          hints={TONE_HINTS}
          onValueChange={(value) =>
            update((current) => ({ ...current, tone: { ...current.tone, [key]: value } }))
          }
        />
      ))}
    </div>
  );
}

export function PromptStep({
  values,
  update,
  generating,
  error,
  onGenerate,
}: SectionProps & { generating: boolean; error: string | null; onGenerate: () => void }) {
  const id = useId();
  const words = countWords(values.prompt);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-text-muted">
        Tell Penny anything else about how to help you, or let it write an instruction from your answers.
      </p>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={id} className="text-sm font-medium text-text">
            Custom prompt
          </label>
          <span id={`${id}-count`} className="amount text-xs text-text-muted">
            {words}/{PROMPT_WORD_LIMIT} words
          </span>
        </div>
        <Textarea
          id={id}
          rows={8}
          aria-describedby={`${id}-count`}
          value={values.prompt}
          disabled={generating}
          onChange={(event) => {
            const next = event.target.value;
            update((current) => ({ ...current, prompt: acceptPromptInput(current.prompt, next) }));
          }}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-negative">
          {error}
        </p>
      ) : null}
      <div>
        <Button variant="secondary" onClick={onGenerate} loading={generating} busyLabel="Generating...">
          <Sparkles aria-hidden="true" />
          Auto-generate
        </Button>
      </div>
    </div>
  );
}
