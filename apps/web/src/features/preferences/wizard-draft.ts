import {
  identityMessages,
  type PreferencesDocument,
  type ProfileUserInfo,
  type PromptUserInfo,
  truncateWords,
} from '@penny/contracts';
import { useState } from 'react';
import { generatePreferencePrompt, saveUserPreferences } from '../../api/index.ts';
import { deriveUserInfo, type SessionUser } from '../../session/index.ts';
import {
  documentFromValues,
  type ProfileFacts,
  valuesFromDocument,
  type WizardValues,
} from './wizard-state.ts';

const pm = identityMessages.preferences;

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

export type WizardDraftOptions = {
  /** The stored preferences the draft starts from. */
  initial: PreferencesDocument;
  user: SessionUser;
  profileInfo: ProfileUserInfo | null;
  /** After a save: the document just stored. */
  onSaved: (document: PreferencesDocument) => void;
};

/** The wizard's answers being edited: whether they changed, and saving them or writing the prompt. */
export function useWizardDraft({ initial, user, profileInfo, onSaved }: WizardDraftOptions) {
  const [values, setValues] = useState<WizardValues>(() => valuesFromDocument(initial));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [promptError, setPromptError] = useState<string | null>(null);

  const identity = deriveUserInfo(user, profileInfo);

  function update(change: (current: WizardValues) => WizardValues) {
    setValues((current) => {
      const next = change(current);
      if (next !== current) setDirty(true);
      return next;
    });
  }

  /** The answers as the document that would be stored. */
  function toDocument(current: WizardValues): PreferencesDocument {
    return documentFromValues(current, profileFacts(user, profileInfo));
  }

  async function save(current: WizardValues): Promise<PreferencesDocument | null> {
    const document = toDocument(current);
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
      // docs/product/identity.md, "Error catalogue": preference save errors are logged; we also say that it
      // did not work.
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

  return {
    values,
    dirty,
    setDirty,
    saving,
    saveFailed,
    generating,
    promptError,
    update,
    toDocument,
    save,
    generate,
  };
}

export type WizardDraft = ReturnType<typeof useWizardDraft>;
