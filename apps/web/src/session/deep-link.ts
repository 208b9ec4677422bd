import { useEffect } from 'react';

/**
 * docs/product/identity.md, "Route table": "On mobile devices a deep link to a native app is attempted
 * once per session unless the query contains noapp=1; it falls back to app-store links after 1200 ms."
 * Nothing happens unless the server publishes the links (`mobileApp` in GET /config, from APP_DEEP_LINK and
 * the store URLs).
 */

export type MobileAppLinks = {
  deepLink: string;
  iosStoreUrl?: string | undefined;
  androidStoreUrl?: string | undefined;
};

/** docs/product/identity.md, "Business constants and limits": "mobile deep-link fallback 1200 ms"
 * (IDENTITY_LIMITS.deepLinkFallbackMs, kept here so the session module, loaded on every screen, does not pull
 * in the schema library). */
export const DEEP_LINK_FALLBACK_MS = 1200;

/** sessionStorage flag: the attempt is made once per browser session. */
export const DEEP_LINK_TRIED_KEY = 'penny.deepLinkTried';

export type MobilePlatform = 'ios' | 'android' | null;

export function mobilePlatform(userAgent: string, maxTouchPoints = 0): MobilePlatform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  // iPadOS reports itself as a Mac; touch gives it away.
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Reads the links from a raw /config body (`mobileApp` at the top or under `features`). */
export function mobileAppLinksFrom(config: unknown): MobileAppLinks | null {
  if (!config || typeof config !== 'object') return null;
  const record = config as { mobileApp?: unknown; features?: { mobileApp?: unknown } };
  const raw = record.mobileApp ?? record.features?.mobileApp;
  if (!raw || typeof raw !== 'object') return null;
  const links = raw as Record<string, unknown>;
  const deepLink = text(links.deepLink);
  if (!deepLink) return null;
  return { deepLink, iosStoreUrl: text(links.iosStoreUrl), androidStoreUrl: text(links.androidStoreUrl) };
}

/** Whether this page view should try the app: mobile, not tried this session, no `noapp=1`. */
export function shouldTryDeepLink(win: Window): boolean {
  if (!mobilePlatform(win.navigator.userAgent, win.navigator.maxTouchPoints)) return false;
  if (new URLSearchParams(win.location.search).get('noapp') === '1') return false;
  try {
    return win.sessionStorage.getItem(DEEP_LINK_TRIED_KEY) === null;
  } catch {
    return false;
  }
}

/**
 * Opens the app through its deep link; if the page is still showing after the fallback delay (the app
 * did not take over), goes to the platform's store page. Returns a function that cancels the fallback.
 */
export function tryDeepLink(
  links: MobileAppLinks,
  { win = window, fallbackMs = DEEP_LINK_FALLBACK_MS }: { win?: Window; fallbackMs?: number } = {},
): () => void {
  try {
    win.sessionStorage.setItem(DEEP_LINK_TRIED_KEY, '1');
  } catch {
    // Without storage the attempt may repeat on the next page load; still make this one.
  }
  const platform = mobilePlatform(win.navigator.userAgent, win.navigator.maxTouchPoints);
  let leftPage = false;
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') leftPage = true;
  };
  win.document.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', onVisibility);
  const timer = win.setTimeout(() => {
    cleanup();
    if (leftPage) return;
    const store =
      platform === 'ios' ? links.iosStoreUrl : platform === 'android' ? links.androidStoreUrl : undefined;
    if (store) win.location.assign(store);
  }, fallbackMs);
  function cleanup() {
    win.document.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pagehide', onVisibility);
  }
  win.location.assign(links.deepLink);
  return () => {
    win.clearTimeout(timer);
    cleanup();
  };
}

/** Tries the app once per session on mobile when the server publishes the links. */
export function useMobileDeepLink(): void {
  useEffect(() => {
    if (!shouldTryDeepLink(window)) return;
    const controller = new AbortController();
    let cancel: (() => void) | undefined;
    // Read raw: the links are optional and outside the parsed config's required fields.
    void fetch('/config', { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((config: unknown) => {
        const links = mobileAppLinksFrom(config);
        if (links && shouldTryDeepLink(window)) cancel = tryDeepLink(links);
      })
      .catch(() => {
        // No config, no app link: the web app simply carries on.
      });
    return () => {
      controller.abort();
      cancel?.();
    };
  }, []);
}
