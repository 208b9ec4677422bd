import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DARK_MODE_STORAGE_KEY, ThemeProvider, useLightThemeWhileMounted, useTheme } from './theme.tsx';

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
