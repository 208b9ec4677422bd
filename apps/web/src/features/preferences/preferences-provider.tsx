import { isPreferencesEmpty, type PreferencesDocument } from '@penny/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSession } from '../../session/index.ts';
import { profileQueryKey, useProfile } from './profile-query.ts';

// The wizard is its own chunk: most visits never open it.
const PreferencesWizard = lazy(() =>
  import('./preferences-wizard.tsx').then((module) => ({ default: module.PreferencesWizard })),
);

export type OpenWizardOptions = {
  /** Offer 'Skip for now' on the welcome step. */
  allowSkip?: boolean;
};

export type PreferencesContextValue = {
  openWizard: (options?: OpenWizardOptions) => void;
  wizardOpen: boolean;
};

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

export type PreferencesProviderProps = {
  children: ReactNode;
  /** After Save & Close; the page reloads (docs/product/identity.md, "Preferences wizard (states)"). */
  onSaveAndClose?: () => void;
};

function reloadPage() {
  window.location.reload();
}

/**
 * 'Skip for now' (or closing the first-run wizard) holds for the rest of this tab's session, so the
 * wizard does not come back on every reload; a new tab or a new sign-in offers it again.
 */
const skippedKey = (userId: string) => `penny.preferencesSkipped.${userId}`;

function wasSkipped(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(skippedKey(userId)) === '1';
  } catch {
    return false;
  }
}

function rememberSkipped(userId: string) {
  try {
    window.sessionStorage.setItem(skippedKey(userId), '1');
  } catch {
    // Storage unavailable (private mode): the wizard may simply be offered again next load.
  }
}

/**
 * Loads the signed-in user's profile, opens the preferences wizard by itself when the stored
 * preferences are empty (once per page), and lets any screen open it (Settings: Manage Preferences).
 */
export function PreferencesProvider({ children, onSaveAndClose = reloadPage }: PreferencesProviderProps) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { profile, info } = useProfile();
  const [wizard, setWizard] = useState<{ allowSkip: boolean; key: number } | null>(null);
  const autoOpened = useRef(false);

  useEffect(() => {
    if (!profile || !user || autoOpened.current) return;
    autoOpened.current = true;
    if (isPreferencesEmpty(profile.User_Preferences) && !wasSkipped(user.id)) {
      setWizard({ allowSkip: true, key: Date.now() });
    }
  }, [profile, user]);

  const openWizard = useCallback((options: OpenWizardOptions = {}) => {
    setWizard({ allowSkip: options.allowSkip ?? false, key: Date.now() });
  }, []);

  const onSaved = useCallback(
    (_document: PreferencesDocument) => {
      // docs/product/identity.md, "Database service": on success the cached profile is dropped (read again
      // when next needed).
      if (user) void queryClient.invalidateQueries({ queryKey: profileQueryKey(user.id) });
    },
    [queryClient, user],
  );

  const value = useMemo<PreferencesContextValue>(
    () => ({ openWizard, wizardOpen: wizard !== null }),
    [openWizard, wizard],
  );

  return (
    <PreferencesContext.Provider value={value}>
      {children}
      {wizard && user ? (
        <Suspense fallback={null}>
          <PreferencesWizard
            key={wizard.key}
            open
            onClose={() => {
              if (wizard.allowSkip) rememberSkipped(user.id);
              setWizard(null);
            }}
            allowSkip={wizard.allowSkip}
            initial={profile?.User_Preferences ?? {}}
            user={user}
            profileInfo={info}
            onSaved={onSaved}
            onSaveAndClose={onSaveAndClose}
          />
        </Suspense>
      ) : null}
    </PreferencesContext.Provider>
  );
}

/** Opens the preferences wizard from anywhere inside the signed-in app. */
export function usePreferencesWizard(): PreferencesContextValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferencesWizard must be used inside <PreferencesProvider>');
  return value;
}
