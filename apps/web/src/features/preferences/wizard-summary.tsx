import {
  DETAIL_ITEMS,
  FINANCIAL_CATEGORIES,
  identityMessages,
  RISK_HINTS,
  type RiskLevel,
  TONE_ITEMS,
} from '@penny/contracts';
import type { ReactNode } from 'react';
import type { WizardValues } from './wizard-state.ts';
import { SECTION_TITLES } from './wizard-steps.tsx';

function Section({ title, items }: { title: string; items: ReactNode[] }) {
  return (
    <div className="flex flex-col gap-1">
      <h4 className="text-xs font-semibold tracking-wide text-text-muted uppercase">{title}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-text-muted">{identityMessages.preferences.nothingYet}</p>
      ) : (
        <ul className="flex flex-col gap-0.5 text-sm text-text">{items}</ul>
      )}
    </div>
  );
}

/** The side summary of the wizard: every selection so far, 'Nothing yet' where there is none. */
export function WizardSummary({ values }: { values: WizardValues }) {
  const financial = FINANCIAL_CATEGORIES.flatMap(({ key, label }) => {
    const entry = values.financial[key];
    if (!entry) return [];
    return [
      <li key={key} className="tabular-nums">
        {label}: {entry.rating}/10 · {RISK_HINTS[entry.risk as RiskLevel]}
      </li>,
    ];
  });
  const detail = DETAIL_ITEMS.flatMap(({ key, label }) => {
    const value = values.detail[key];
    return value === undefined ? [] : [<li key={key} className="tabular-nums">{`${label}: ${value}/10`}</li>];
  });
  const tone = TONE_ITEMS.flatMap(({ key, label }) => {
    const value = values.tone[key];
    return value === undefined ? [] : [<li key={key} className="tabular-nums">{`${label}: ${value}/3`}</li>];
  });
  const prompt = values.prompt.trim();
  return (
    <aside
      aria-label="Your selections"
      className="flex min-w-0 flex-col gap-4 self-start rounded-xl border border-border bg-surface p-4 break-words"
    >
      <h3 className="text-sm font-semibold text-text">Your selections</h3>
      <Section
        title={SECTION_TITLES.occupation}
        items={values.occupations.map((name) => <li key={name}>{name}</li>)}
      />
      <Section title={SECTION_TITLES.financial} items={financial} />
      <Section title={SECTION_TITLES.detail} items={detail} />
      <Section title={SECTION_TITLES.tone} items={tone} />
      <Section
        title="Custom prompt"
        items={
          prompt
            ? [
                <li key="prompt" className="line-clamp-4 text-text-muted">
                  {prompt}
                </li>,
              ]
            : []
        }
      />
    </aside>
  );
}
