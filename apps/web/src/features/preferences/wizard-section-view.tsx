import { identityMessages } from '@penny/contracts';
import type { Ref } from 'react';
import { Button } from '../../ui/index.ts';
import type { WizardDraft } from './wizard-draft.ts';
import { canGoNext, canSave, type WizardSection } from './wizard-state.ts';
import {
  DetailStep,
  FinancialStep,
  OccupationStep,
  PromptStep,
  SECTION_TITLES,
  ToneStep,
} from './wizard-steps.tsx';
import { WizardSummary } from './wizard-summary.tsx';

const pm = identityMessages.preferences;

export type WizardSectionBodyProps = {
  section: WizardSection;
  draft: WizardDraft;
  /** The section's heading, which takes the focus when the section changes. */
  headingRef: Ref<HTMLHeadingElement>;
  onGenerate: () => void;
};

/** One section of the wizard beside the summary of the answers; it scrolls, the action bar stays. */
export function WizardSectionBody({ section, draft, headingRef, onGenerate }: WizardSectionBodyProps) {
  const { values, update } = draft;
  return (
    <div className="grid min-h-0 flex-1 gap-6 overflow-y-auto px-6 pb-4 md:grid-cols-[minmax(0,1fr)_15rem]">
      <section aria-labelledby="wizard-step-title" className="flex min-w-0 flex-col gap-4">
        <h3
          id="wizard-step-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-text focus:outline-none"
        >
          {SECTION_TITLES[section]}
        </h3>
        {section === 'occupation' ? <OccupationStep values={values} update={update} /> : null}
        {section === 'financial' ? <FinancialStep values={values} update={update} /> : null}
        {section === 'detail' ? <DetailStep values={values} update={update} /> : null}
        {section === 'tone' ? <ToneStep values={values} update={update} /> : null}
        {section === 'prompt' ? (
          <PromptStep
            values={values}
            update={update}
            generating={draft.generating}
            error={draft.promptError}
            onGenerate={onGenerate}
          />
        ) : null}
        {draft.saveFailed ? (
          <p role="alert" className="text-sm text-negative">
            Could not save your preferences. Please try again.
          </p>
        ) : null}
      </section>
      <WizardSummary values={values} />
    </div>
  );
}

export type WizardActionBarProps = {
  section: WizardSection;
  draft: WizardDraft;
  onBack: () => void;
  onNext: () => void;
  onSave: () => void;
  onSaveAndClose: () => void;
};

/** Back, Save, and Next (Save & Close on the last section). */
export function WizardActionBar({
  section,
  draft,
  onBack,
  onNext,
  onSave,
  onSaveAndClose,
}: WizardActionBarProps) {
  const busy = draft.saving || draft.generating;
  return (
    <div className="flex shrink-0 flex-wrap items-center justify-between gap-2 border-t border-border px-6 py-4">
      <Button variant="ghost" onClick={onBack} disabled={busy}>
        Back
      </Button>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={onSave}
          disabled={!canSave(section, draft.values) || draft.generating}
          loading={draft.saving}
          busyLabel="Saving..."
        >
          Save
        </Button>
        {section === 'prompt' ? (
          <Button onClick={onSaveAndClose} disabled={busy}>
            Save &amp; Close
          </Button>
        ) : (
          <Button onClick={onNext} disabled={!canGoNext(section, draft.values) || busy}>
            {section === 'tone' ? pm.toneNext : 'Next'}
          </Button>
        )}
      </div>
    </div>
  );
}
