import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { useTheme } from './theme.tsx';

export { toast } from 'sonner';

declare module 'react' {
  /** CSS custom properties in `style` (React passes them through as they are). */
  interface CSSProperties {
    [variable: `--${string}`]: string | number | undefined;
  }
}

/**
 * Toasts sit on the theme's raised surface (DESIGN.md tokens), not sonner's own black or white: its
 * variables set inline, which beats the stylesheet sonner injects at run time.
 */
const surfaceTokens = {
  '--normal-bg': 'var(--color-surface-raised)',
  '--normal-bg-hover': 'var(--color-surface)',
  '--normal-border': 'var(--color-border)',
  '--normal-border-hover': 'var(--color-border-strong)',
  '--normal-text': 'var(--color-text)',
  '--success-bg': 'var(--color-surface-raised)',
  '--success-border': 'var(--color-border)',
  '--success-text': 'var(--color-positive)',
  '--error-bg': 'var(--color-surface-raised)',
  '--error-border': 'var(--color-border)',
  '--error-text': 'var(--color-negative)',
  '--warning-bg': 'var(--color-surface-raised)',
  '--warning-border': 'var(--color-border)',
  '--warning-text': 'var(--color-warning)',
  '--info-bg': 'var(--color-surface-raised)',
  '--info-border': 'var(--color-border)',
  '--info-text': 'var(--color-text)',
} satisfies CSSProperties;

/** Sonner's toaster in the current theme. Mount once, inside ThemeProvider. */
export function Toaster() {
  const { effectiveDark } = useTheme();
  return (
    <Sonner
      theme={effectiveDark ? 'dark' : 'light'}
      position="bottom-right"
      closeButton
      duration={4000}
      style={surfaceTokens}
    />
  );
}
