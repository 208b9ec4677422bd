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

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored preference, or null when the user never chose. */
export function readStoredDarkMode(): boolean | null {
  try {
    const value = storage()?.getItem(DARK_MODE_STORAGE_KEY);
    if (value === 'true') return true;
    if (value === 'false') return false;
    return null;
  } catch {
    return null;
  }
}

/** docs/product/identity.md, "Theme": dark unless a stored preference says otherwise. */
export function resolveInitialDarkMode(): boolean {
  return readStoredDarkMode() ?? true;
}

function applyTheme(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export type ThemeContextValue = {
  /** The user's preference. */
  dark: boolean;
  /** What the page shows now: the preference, except light while an auth screen is mounted. */
  effectiveDark: boolean;
  /** Changes the preference and stores it locally. */
  setDark: (dark: boolean) => void;
  toggleDark: () => void;
  /** Used by useLightThemeWhileMounted. */
  suspendDark: () => () => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [dark, setDarkState] = useState(resolveInitialDarkMode);
  const [suspensions, setSuspensions] = useState(0);
  const effectiveDark = dark && suspensions === 0;

  useLayoutEffect(() => {
    applyTheme(effectiveDark);
  }, [effectiveDark]);

  // Another tab changed the preference.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === DARK_MODE_STORAGE_KEY) setDarkState(resolveInitialDarkMode());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setDark = useCallback((next: boolean) => {
    try {
      storage()?.setItem(DARK_MODE_STORAGE_KEY, String(next));
    } catch {
      // Storage full or blocked: the choice still applies to this visit.
    }
    setDarkState(next);
  }, []);

  const suspendDark = useCallback(() => {
    setSuspensions((n) => n + 1);
    return () => setSuspensions((n) => n - 1);
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({ dark, effectiveDark, setDark, toggleDark: () => setDark(!dark), suspendDark }),
    [dark, effectiveDark, setDark, suspendDark],
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
