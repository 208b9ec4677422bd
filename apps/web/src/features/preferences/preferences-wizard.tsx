import {
  identityMessages,
  type PreferencesDocument,
  type ProfileUserInfo,
  type PromptUserInfo,
  truncateWords,
} from '@penny/contracts';
import { useEffect, useRef, useState } from 'react';
import { generatePreferencePrompt, saveUserPreferences } from '../../api/index.ts';
import { deriveUserInfo, type SessionUser } from '../../session/index.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  Button,
  Dialog,
  DialogContent,
} from '../../ui/index.ts';
import {
  canGoNext,
  canSave,
  documentFromValues,
  nextStep,
  type ProfileFacts,
  previousStep,
  valuesFromDocument,
  type WizardStep,
  type WizardValues,
} from './wizard-state.ts';
import {
  DetailStep,
  FinancialStep,
  OccupationStep,
  PromptStep,
  SECTION_TITLES,
  ToneStep,
  WelcomeStep,
} from './wizard-steps.tsx';
import { WizardSummary } from './wizard-summary.tsx';

const pm = identityMessages.preferences;

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
  /** After Save & Close (spec: the page reloads). */
  onSaveAndClose: () => void;
};

function profileFacts(user: SessionUser, info: ProfileUserInfo | null): ProfileFacts {
  const first = info?.firstName ?? user.firstName ?? '';
  const last = info?.lastName ?? user.lastName ?? '';
  return {
    name: `${first} ${last}`.trim(),
    dateOfBirth: info?.dateOfBirth ?? user.dateOfBirth ?? undefined,
    country: info?.country ?? user.country ?? undefined,
  };
}

function promptUserInfo(user: SessionUser, info: ProfileUserInfo | null): PromptUserInfo {
  const derived = deriveUserInfo(user, info);
  return {
    username: derived.username,
    userId: derived.userId,
    email: info?.email ?? user.email,
    firstName: info?.firstName ?? user.firstName,
    middleName: user.middleName,
    lastName: info?.lastName ?? user.lastName,
    phoneNumber: info?.phoneNumber ?? user.phoneNumber,
    dateOfBirth: info?.dateOfBirth ?? user.dateOfBirth,
    country: info?.country ?? user.country,
  };
}

/** The preferences wizard overlay (spec 1, "Preferences wizard"). */
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
  const [values, setValues] = useState<WizardValues>(() => valuesFromDocument(initial));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [promptError, setPromptError] = useState<string | null>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  // Read before the dialog takes the focus: the control that opened the wizard, if any.
  const opener = useRef<HTMLElement | null>(
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );

  // A new step replaces the controls that had focus (or disables Next): without this the focus falls
  // to the page body and the next Tab escapes the dialog. The step's heading takes it instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change on purpose.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  const identity = deriveUserInfo(user, profileInfo);

  function update(change: (current: WizardValues) => WizardValues) {
    setValues((current) => {
      const next = change(current);
      if (next !== current) setDirty(true);
      return next;
    });
  }

  async function save(current: WizardValues): Promise<PreferencesDocument | null> {
    const document = documentFromValues(current, profileFacts(user, profileInfo));
    setSaving(true);
    setSaveFailed(false);
    try {
      await saveUserPreferences({
        username: identity.username,
        firstName: identity.firstName,
        lastName: identity.lastName,
        preferences: document,
      });
      setDirty(false);
      onSaved(document);
      return document;
    } catch (error) {
      // Spec: preference save errors are logged; we also say that it did not work.
      console.error('Saving preferences failed', error);
      setSaveFailed(true);
      return null;
    } finally {
      setSaving(false);
    }
  }

  async function generate(document: PreferencesDocument, existing: string | null) {
    setGenerating(true);
    setPromptError(null);
    try {
      const prompt = await generatePreferencePrompt({
        user_info: promptUserInfo(user, profileInfo),
        preferences: document,
        existing_prompt: existing,
      });
      setValues((current) => ({ ...current, prompt: truncateWords(prompt) }));
      setDirty(true);
    } catch (error) {
      console.error('Generating the preference prompt failed', error);
      setPromptError(pm.promptFailed);
    } finally {
      setGenerating(false);
    }
  }

  async function onSave() {
    const document = await save(values);
    if (!document || step === 'prompt') return;
    // Spec: saving from another step moves on to the prompt, writing one if there is none yet.
    setStep('prompt');
    if (!values.prompt.trim()) await generate(document, null);
  }

  async function onSaveAndCloseClick() {
    const document = await save(values);
    if (!document) return;
    onClose();
    onSaveAndClose();
  }

  function requestClose() {
    if (saving) return;
    if (dirty) setConfirmingClose(true);
    else onClose();
  }

  async function saveThenClose() {
    setConfirmingClose(false);
    const document = await save(values);
    if (document) onClose();
  }

  function onGenerateClick() {
    const document = documentFromValues(values, profileFacts(user, profileInfo));
    const existing = values.prompt.trim();
    void generate(document, existing ? existing : null);
  }

  const next = nextStep(step);
  const back = previousStep(step);
  const busy = saving || generating;

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
            <div className="grid min-h-0 flex-1 gap-6 overflow-y-auto px-6 pb-4 md:grid-cols-[minmax(0,1fr)_15rem]">
              <section aria-labelledby="wizard-step-title" className="flex min-w-0 flex-col gap-4">
                <h3
                  id="wizard-step-title"
                  ref={stepHeading}
                  tabIndex={-1}
                  className="text-lg font-semibold text-text focus:outline-none"
                >
                  {SECTION_TITLES[step]}
                </h3>
                {step === 'occupation' ? <OccupationStep values={values} update={update} /> : null}
                {step === 'financial' ? <FinancialStep values={values} update={update} /> : null}
                {step === 'detail' ? <DetailStep values={values} update={update} /> : null}
                {step === 'tone' ? <ToneStep values={values} update={update} /> : null}
                {step === 'prompt' ? (
                  <PromptStep
                    values={values}
                    update={update}
                    generating={generating}
                    error={promptError}
                    onGenerate={onGenerateClick}
                  />
                ) : null}
                {saveFailed ? (
                  <p role="alert" className="text-sm text-negative">
                    Could not save your preferences. Please try again.
                  </p>
                ) : null}
              </section>
              <WizardSummary values={values} />
            </div>
            <div className="flex shrink-0 flex-wrap items-center justify-between gap-2 border-t border-border px-6 py-4">
              <Button variant="ghost" onClick={() => back && setStep(back)} disabled={busy}>
                Back
              </Button>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  onClick={() => void onSave()}
                  disabled={!canSave(step, values) || generating}
                  loading={saving}
                  busyLabel="Saving..."
                >
                  Save
                </Button>
                {step === 'prompt' ? (
                  <Button onClick={() => void onSaveAndCloseClick()} disabled={busy}>
                    Save &amp; Close
                  </Button>
                ) : (
                  <Button onClick={() => next && setStep(next)} disabled={!canGoNext(step, values) || busy}>
                    {step === 'tone' ? pm.toneNext : 'Next'}
                  </Button>
                )}
              </div>
            </div>
          </>
        )}
      </DialogContent>

      <AlertDialog open={confirmingClose} onOpenChange={setConfirmingClose}>
        <AlertDialogContent
          title="Unsaved changes"
          description={<p>{pm.unsavedChanges}</p>}
          // Like the browser's confirm(): OK (Save) is the default answer.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            saveButton.current?.focus();
          }}
        >
          <AlertDialogFooter>
            <AlertDialogCancel
              onClick={(event) => {
                event.preventDefault();
                setConfirmingClose(false);
                setDirty(false);
                onClose();
              }}
            >
              Close without saving
            </AlertDialogCancel>
            <AlertDialogAction ref={saveButton} onClick={() => void saveThenClose()}>
              Save
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Dialog>
  );
}

/** The top-most open dialog other than `closing` (the wizard's own content, as it closes). */
function dialogBelow(closing: EventTarget | null): HTMLElement | undefined {
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]');
  return [...dialogs].filter((dialog) => !(closing instanceof Node && closing.contains(dialog))).at(-1);
}
