import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEEP_LINK_TRIED_KEY,
  mobileAppLinksFrom,
  mobilePlatform,
  shouldTryDeepLink,
  tryDeepLink,
} from './deep-link.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

const links = {
  deepLink: 'penny://open',
  iosStoreUrl: 'https://apps.apple.com/app/penny',
  androidStoreUrl: 'https://play.google.com/store/apps/details?id=penny',
};

/** A window with the parts the deep link touches; `assign` records where it went. */
function fakeWindow(userAgent: string, search = '') {
  const storage = new Map<string, string>();
  const doc = new EventTarget() as EventTarget & { visibilityState: string };
  doc.visibilityState = 'visible';
  const win = Object.assign(new EventTarget(), {
    navigator: { userAgent, maxTouchPoints: 0 },
    location: { search, assign: vi.fn() },
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    document: doc,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  });
  return { win: win as unknown as Window, assign: win.location.assign, doc, storage };
}

afterEach(() => vi.useRealTimers());

describe('mobile deep link', () => {
  it('knows mobile platforms, iPadOS included', () => {
    expect(mobilePlatform(IPHONE)).toBe('ios');
    expect(mobilePlatform(ANDROID)).toBe('android');
    expect(mobilePlatform(DESKTOP)).toBeNull();
    expect(mobilePlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios');
  });

  it('reads the links from the config, and nothing when unconfigured', () => {
    expect(mobileAppLinksFrom({ features: { devOutbox: true } })).toBeNull();
    expect(mobileAppLinksFrom({ mobileApp: { deepLink: ' ' } })).toBeNull();
    expect(mobileAppLinksFrom({ features: { mobileApp: links } })).toEqual(links);
  });

  it('is tried on mobile only, once per session, never with noapp=1', () => {
    expect(shouldTryDeepLink(fakeWindow(DESKTOP).win)).toBe(false);
    expect(shouldTryDeepLink(fakeWindow(IPHONE, '?noapp=1').win)).toBe(false);
    const phone = fakeWindow(IPHONE);
    expect(shouldTryDeepLink(phone.win)).toBe(true);
    phone.storage.set(DEEP_LINK_TRIED_KEY, '1');
    expect(shouldTryDeepLink(phone.win)).toBe(false);
  });

  it('opens the app and falls back to the store after 1200 ms', () => {
    vi.useFakeTimers();
    const phone = fakeWindow(ANDROID);
    tryDeepLink(links, { win: phone.win });
    expect(phone.assign).toHaveBeenCalledWith('penny://open');
    expect(phone.storage.get(DEEP_LINK_TRIED_KEY)).toBe('1');
    vi.advanceTimersByTime(1199);
    expect(phone.assign).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(phone.assign).toHaveBeenLastCalledWith(links.androidStoreUrl);
  });

  it('stays put when the app took over (the page was hidden)', () => {
    vi.useFakeTimers();
    const phone = fakeWindow(IPHONE);
    tryDeepLink(links, { win: phone.win });
    phone.doc.visibilityState = 'hidden';
    phone.doc.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(2000);
    expect(phone.assign).toHaveBeenCalledTimes(1);
  });
});
