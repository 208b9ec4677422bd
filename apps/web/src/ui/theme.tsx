import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';

/** Local key of the boolean dark-mode flag ('true' / 'false'); index.html reads the same key before paint. */
export const DARK_MODE_STORAGE_KEY = 'penny.darkMode';
/**
 * Local key of the System choice ('true' while the theme follows the device): the dark-mode flag stays a
 * boolean, as docs/product/identity.md, "Theme preference" has it, so following the device is kept beside it.
 * index.html reads it too.
 */
export const FOLLOW_SYSTEM_STORAGE_KEY = 'penny.themeFollowsSystem';
/** The device's preference, which the System choice follows. */
export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

/** What the user picks under Appearance. */
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/**
 * With nothing stored: dark, as docs/product/identity.md, "Theme" requires ("Dark by default"); System is
 * offered beside Light and Dark (decision 0019).
 */
export const DEFAULT_THEME_CHOICE: ThemeChoice = 'dark';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The stored dark-mode flag, or null when the user never chose Light or Dark. */
export function readStoredDarkMode(): boolean | null {
  const value = readItem(DARK_MODE_STORAGE_KEY);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/** The stored choice: System when following the device, else the dark-mode flag, else the default. */
export function readStoredThemeChoice(): ThemeChoice {
  if (readItem(FOLLOW_SYSTEM_STORAGE_KEY) === 'true') return 'system';
  const dark = readStoredDarkMode();
  if (dark === null) return DEFAULT_THEME_CHOICE;
  return dark ? 'dark' : 'light';
}

function storeThemeChoice(choice: ThemeChoice): void {
  const store = storage();
  try {
    if (choice === 'system') {
      store?.setItem(FOLLOW_SYSTEM_STORAGE_KEY, 'true');
      store?.removeItem(DARK_MODE_STORAGE_KEY);
    } else {
      store?.setItem(DARK_MODE_STORAGE_KEY, String(choice === 'dark'));
      store?.removeItem(FOLLOW_SYSTEM_STORAGE_KEY);
    }
  } catch {
    // Storage full or blocked: the choice still applies to this visit.
  }
}

function systemQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(PREFERS_DARK_QUERY) : null;
}

/** Whether the device prefers dark now (false where the browser cannot tell). */
export function systemPrefersDark(): boolean {
  return systemQuery()?.matches ?? false;
}

/** Whether a choice shows dark, given what the device prefers. */
export function choiceIsDark(choice: ThemeChoice, prefersDark: boolean): boolean {
  const dark = { light: false, dark: true, system: prefersDark } as const satisfies Record<
    ThemeChoice,
    boolean
  >;
  return dark[choice];
}

/** The device's dark preference, followed live while `follow` is on (a change while the app is open). */
function useSystemPrefersDark(follow: boolean): boolean {
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);
  useEffect(() => {
    if (!follow) return;
    const query = systemQuery();
    if (!query) return;
    const onChange = () => setPrefersDark(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [follow]);
  return prefersDark;
}

function applyTheme(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export type ThemeContextValue = {
  /** What the user picked: Light, Dark or System. */
  choice: ThemeChoice;
  /** The preference as it resolves now (System: what the device prefers). */
  dark: boolean;
  /** What the page shows now: the preference, except light while an auth screen is mounted. */
  effectiveDark: boolean;
  /** Changes the choice and stores it locally. */
  setChoice: (choice: ThemeChoice) => void;
  /** Picks Light or Dark. */
  setDark: (dark: boolean) => void;
  toggleDark: () => void;
  /** Used by useLightThemeWhileMounted. */
  suspendDark: () => () => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState(readStoredThemeChoice);
  const prefersDark = useSystemPrefersDark(choice === 'system');
  const [suspensions, setSuspensions] = useState(0);
  const dark = choiceIsDark(choice, prefersDark);
  const effectiveDark = dark && suspensions === 0;

  useLayoutEffect(() => {
    applyTheme(effectiveDark);
  }, [effectiveDark]);

  // Another tab changed the preference.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (
        event.key === DARK_MODE_STORAGE_KEY ||
        event.key === FOLLOW_SYSTEM_STORAGE_KEY ||
        event.key === null
      ) {
        setChoiceState(readStoredThemeChoice());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setChoice = useCallback((next: ThemeChoice) => {
    storeThemeChoice(next);
    setChoiceState(next);
  }, []);
  const setDark = useCallback((next: boolean) => setChoice(next ? 'dark' : 'light'), [setChoice]);

  const suspendDark = useCallback(() => {
    setSuspensions((n) => n + 1);
    return () => setSuspensions((n) => n - 1);
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({
      choice,
      dark,
      effectiveDark,
      setChoice,
      setDark,
      toggleDark: () => setDark(!dark),
      suspendDark,
    }),
    [choice, dark, effectiveDark, setChoice, setDark, suspendDark],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}

/**
 * docs/product/identity.md, "Theme":
 * "The authentication screen temporarily removes dark mode and restores it when left." The stored preference
 * is untouched.
 */
export function useLightThemeWhileMounted(active = true): void {
  const { suspendDark } = useTheme();
  useLayoutEffect(() => (active ? suspendDark() : undefined), [active, suspendDark]);
}

/** The authentication screens' paths; index.html's inline script holds the same list. */
export const AUTH_PATHS: readonly string[] = ['/signin', '/signup', '/forgot-password', '/reset-password'];

export function isAuthPath(pathname: string): boolean {
  return AUTH_PATHS.includes(pathname.replace(/\/+$/, ''));
}
