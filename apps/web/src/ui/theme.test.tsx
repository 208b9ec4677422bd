import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  DARK_MODE_STORAGE_KEY,
  FOLLOW_SYSTEM_STORAGE_KEY,
  PREFERS_DARK_QUERY,
  THEME_CHOICES,
  ThemeProvider,
  useLightThemeWhileMounted,
  useTheme,
} from './theme.tsx';

/**
 * The device's colour-scheme preference as the browser reports it (jsdom has no matchMedia): one
 * MediaQueryList per query, whose `change` listeners hear `prefer(...)`.
 */
function stubDevicePreference(initial: 'light' | 'dark') {
  let dark = initial === 'dark';
  const listeners = new Set<() => void>();
  const list = {
    media: PREFERS_DARK_QUERY,
    get matches() {
      return dark;
    },
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    if (query !== PREFERS_DARK_QUERY) throw new Error(`unexpected media query ${query}`);
    return list as unknown as MediaQueryList;
  });
  return {
    prefer(next: 'light' | 'dark') {
      dark = next === 'dark';
      act(() => {
        for (const listener of listeners) listener();
      });
    },
    listenerCount: () => listeners.size,
  };
}

/** The Appearance choice as Settings offers it: one button per choice, the current one pressed. */
function ThemeChoices() {
  const { choice, setChoice } = useTheme();
  return (
    <div>
      {THEME_CHOICES.map((option) => (
        <button key={option} type="button" aria-pressed={choice === option} onClick={() => setChoice(option)}>
          {option}
        </button>
      ))}
    </div>
  );
}

function ThemeToggle() {
  const { dark, toggleDark } = useTheme();
  return (
    <button type="button" onClick={toggleDark}>
      {dark ? 'Dark' : 'Light'}
    </button>
  );
}

function LightWhileMounted() {
  useLightThemeWhileMounted();
  return null;
}

describe('theme', () => {
  it('defaults to dark when nothing is stored, without storing anything', () => {
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(window.localStorage.getItem(DARK_MODE_STORAGE_KEY)).toBeNull();
  });

  it('honours a stored light preference', () => {
    window.localStorage.setItem('penny.darkMode', 'false');
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(document.documentElement).not.toHaveClass('dark');
    expect(screen.getByRole('button')).toHaveTextContent('Light');
  });

  it('stores a change under penny.darkMode', async () => {
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('penny.darkMode')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Light' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('penny.darkMode')).toBe('true');
  });

  it('stays dark by default when the device prefers light: the required default, System only when chosen', () => {
    stubDevicePreference('light');
    render(
      <ThemeProvider>
        <ThemeChoices />
      </ThemeProvider>,
    );
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'dark' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('System follows the device, also when it changes while the app is open', async () => {
    const device = stubDevicePreference('light');
    render(
      <ThemeProvider>
        <ThemeChoices />
      </ThemeProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'system' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('light');
    expect(window.localStorage.getItem(FOLLOW_SYSTEM_STORAGE_KEY)).toBe('true');
    expect(window.localStorage.getItem(DARK_MODE_STORAGE_KEY)).toBeNull();

    device.prefer('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    device.prefer('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('a stored System choice starts with the device’s scheme and keeps following it', () => {
    window.localStorage.setItem(FOLLOW_SYSTEM_STORAGE_KEY, 'true');
    const device = stubDevicePreference('dark');
    render(
      <ThemeProvider>
        <ThemeChoices />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'system' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveClass('dark');
    device.prefer('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('Light or Dark after System stops following the device and stores the flag again', async () => {
    window.localStorage.setItem(FOLLOW_SYSTEM_STORAGE_KEY, 'true');
    const device = stubDevicePreference('light');
    render(
      <ThemeProvider>
        <ThemeChoices />
      </ThemeProvider>,
    );
    expect(device.listenerCount()).toBe(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'dark' }));
    expect(window.localStorage.getItem(DARK_MODE_STORAGE_KEY)).toBe('true');
    expect(window.localStorage.getItem(FOLLOW_SYSTEM_STORAGE_KEY)).toBeNull();
    expect(device.listenerCount()).toBe(0);
    device.prefer('light');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('keeps an auth screen light under System too, and follows the device again when it is left', () => {
    window.localStorage.setItem(FOLLOW_SYSTEM_STORAGE_KEY, 'true');
    const device = stubDevicePreference('dark');
    const { rerender } = render(
      <ThemeProvider>
        <LightWhileMounted />
      </ThemeProvider>,
    );
    expect(document.documentElement).not.toHaveClass('dark');
    device.prefer('light');
    rerender(<ThemeProvider>{null}</ThemeProvider>);
    expect(document.documentElement).not.toHaveClass('dark');
    device.prefer('dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('turns dark mode off while an auth screen is mounted and restores it after', () => {
    const { rerender } = render(
      <ThemeProvider>
        <LightWhileMounted />
      </ThemeProvider>,
    );
    expect(document.documentElement).not.toHaveClass('dark');
    rerender(<ThemeProvider>{null}</ThemeProvider>);
    expect(document.documentElement).toHaveClass('dark');
  });
});
