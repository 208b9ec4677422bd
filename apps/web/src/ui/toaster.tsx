import { type CSSProperties, lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';
import { useTheme } from './theme.tsx';

/*
 * Sonner is loaded after the first screen, not with it: no screen needs a toast to show, and it is a
 * tenth of the sign-in route's JavaScript. `toast.*` calls made before it has arrived wait for it, and
 * for the toaster to be mounted, so none is lost.
 */
let sonner: Promise<typeof import('sonner')> | null = null;
const loadSonner = () => {
  sonner ??= import('sonner');
  return sonner;
};

let toasterMounted: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});

type Message = ReactNode | (() => ReactNode);

function show(
  kind: 'success' | 'error' | 'warning' | 'info',
  message: Message,
  options?: ExternalToast,
): void {
  void Promise.all([loadSonner(), toasterReady]).then(([{ toast: sonnerToast }]) => {
    sonnerToast[kind](message, options);
  });
}

/**
 * Sonner's toast, loaded on demand: the titles, descriptions and lifetimes of the "Error catalogue" in
 * docs/product/identity.md and docs/product/chat.md.
 */
export const toast = {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
  /** Closes one toast, or all of them. */
  dismiss: (id?: string | number) => {
    void loadSonner().then(({ toast: sonnerToast }) => sonnerToast.dismiss(id));
  },
};

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Tells queued toasts that the toaster listens now (its subscription runs in an effect before ours). */
function MountedSignal() {
  useEffect(() => toasterMounted(), []);
  return null;
}

declare module 'react' {
  /** CSS custom properties in `style` (React passes them through as they are). */
  interface CSSProperties {
    [variable: `--${string}`]: string | number | undefined;
  }
}

/**
 * Toasts sit on the theme's raised surface (docs/product/design.md, "Visual language"), not sonner's own
 * black or white: its variables set inline, which beats the stylesheet sonner injects at run time.
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

/** The desktop layout (docs/product/design.md, "Layout"); below it the chat box sits at the bottom edge. */
const DESKTOP_QUERY = '(min-width: 1024px)';

function subscribeToDesktop(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isDesktop = () => typeof window.matchMedia !== 'function' || window.matchMedia(DESKTOP_QUERY).matches;

/**
 * Sonner's toaster in the current theme. Mount once, inside ThemeProvider. Bottom right on the desktop;
 * on tablets and phones at the top, so a toast never covers the chat box and its Send button.
 */
export function Toaster() {
  const { effectiveDark } = useTheme();
  const desktop = useSyncExternalStore(subscribeToDesktop, isDesktop, () => true);
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        theme={effectiveDark ? 'dark' : 'light'}
        position={desktop ? 'bottom-right' : 'top-center'}
        closeButton
        duration={4000}
        style={surfaceTokens}
      />
      <MountedSignal />
    </Suspense>
  );
}
