import type { PreferencesDocument, ProfileUserInfo } from '@penny/contracts';
import { useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../session/index.ts';
import { Dialog, DialogContent } from '../../ui/index.ts';
import { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';
import { useWizardDraft } from './wizard-draft.ts';
import { WizardActionBar, WizardSectionBody } from './wizard-section-view.tsx';
import { nextStep, previousStep, type WizardStep } from './wizard-state.ts';
import { SECTION_TITLES, WelcomeStep } from './wizard-steps.tsx';
import { WizardSummary } from './wizard-summary.tsx';

export type PreferencesWizardProps = {
  open: boolean;
  /** Closes the overlay (no save). */
  onClose: () => void;
  /** The welcome step offers 'Skip for now' (the automatic first-run opening). */
  allowSkip: boolean;
  /** The stored preferences (canonical document). */
  initial: PreferencesDocument;
  user: SessionUser;
  profileInfo: ProfileUserInfo | null;
  /** The save callback: the document just stored. */
  onSaved: (document: PreferencesDocument) => void;
  /** After Save & Close (the page reloads: docs/product/identity.md, "Preferences wizard (states)"). */
  onSaveAndClose: () => void;
};

/**
 * A new step replaces the controls that had focus (or disables Next): without this the focus falls to
 * the page body and the next Tab escapes the dialog. The step's heading takes it instead.
 */
function useStepHeadingFocus(step: WizardStep) {
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change on purpose.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);
  return stepHeading;
}

/** The preferences wizard overlay (docs/product/identity.md, "Preferences wizard"). */
export function PreferencesWizard({
  open,
  onClose,
  allowSkip,
  initial,
  user,
  profileInfo,
  onSaved,
  onSaveAndClose,
}: PreferencesWizardProps) {
  const [step, setStep] = useState<WizardStep>('welcome');
  const draft = useWizardDraft({ initial, user, profileInfo, onSaved });
  const [confirmingClose, setConfirmingClose] = useState(false);
  const stepHeading = useStepHeadingFocus(step);
  // Read before the dialog takes the focus: the control that opened the wizard, if any.
  const opener = useRef<HTMLElement | null>(
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  const { values } = draft;

  async function onSave() {
    const document = await draft.save(values);
    if (!document || step === 'prompt') return;
    // docs/product/identity.md, "Preferences wizard (states)": saving from another step moves on to the
    // prompt, writing one if there is none yet.
    setStep('prompt');
    if (!values.prompt.trim()) await draft.generate(document, null);
  }

  async function onSaveAndCloseClick() {
    const document = await draft.save(values);
    if (!document) return;
    onClose();
    onSaveAndClose();
  }

  function requestClose() {
    if (draft.saving) return;
    if (draft.dirty) setConfirmingClose(true);
    else onClose();
  }

  async function saveThenClose() {
    setConfirmingClose(false);
    const document = await draft.save(values);
    if (document) onClose();
  }

  function onGenerateClick() {
    const existing = values.prompt.trim();
    void draft.generate(draft.toDocument(values), existing ? existing : null);
  }

  const next = nextStep(step);
  const back = previousStep(step);

  return (
    <Dialog open={open} onOpenChange={(isOpen) => (isOpen ? undefined : requestClose())}>
      <DialogContent
        title="Personalize Penny"
        description={step === 'welcome' ? undefined : SECTION_TITLES[step]}
        // The step scrolls inside; the title and the Back/Save/Next bar stay in view.
        layout="flush"
        className="max-w-4xl"
        onCloseAutoFocus={(event) => {
          // Back to what opened the wizard. The first-run opening had no opener: then into the dialog
          // it opened over, if any (e.g. the Settings popup, which would take focus behind it as leaving
          // and close), else the page's main area.
          event.preventDefault();
          const target = opener.current?.isConnected
            ? opener.current
            : (dialogBelow(event.target) ?? document.getElementById('main'));
          target?.focus();
        }}
      >
        {step === 'welcome' ? (
          <div className="grid min-h-0 flex-1 gap-6 overflow-y-auto px-6 pb-6 md:grid-cols-[minmax(0,1fr)_15rem]">
            <WelcomeStep
              headingRef={stepHeading}
              onOpen={setStep}
              onStart={() => setStep('occupation')}
              onSkip={allowSkip ? onClose : undefined}
            />
            <WizardSummary values={values} />
          </div>
        ) : (
          <>
            <WizardSectionBody
              section={step}
              draft={draft}
              headingRef={stepHeading}
              onGenerate={onGenerateClick}
            />
            <WizardActionBar
              section={step}
              draft={draft}
              onBack={() => back && setStep(back)}
              onNext={() => next && setStep(next)}
              onSave={() => void onSave()}
              onSaveAndClose={() => void onSaveAndCloseClick()}
            />
          </>
        )}
      </DialogContent>

      <UnsavedChangesDialog
        open={confirmingClose}
        onOpenChange={setConfirmingClose}
        onDiscard={() => {
          setConfirmingClose(false);
          draft.setDirty(false);
          onClose();
        }}
        onSave={() => void saveThenClose()}
      />
    </Dialog>
  );
}

/** The top-most open dialog other than `closing` (the wizard's own content, as it closes). */
function dialogBelow(closing: EventTarget | null): HTMLElement | undefined {
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]');
  return [...dialogs].filter((dialog) => !(closing instanceof Node && closing.contains(dialog))).at(-1);
}
