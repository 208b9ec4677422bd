import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// Screens, cards and charts load their code on demand (lazy-component.ts); the first render of one in
// a file transforms it, which takes more than Testing Library's default second on a loaded machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no ResizeObserver; Radix primitives (checkbox, radio group, popper) measure with it.
if (typeof window !== 'undefined' && !('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  // Assigned, not vi.stubGlobal: the afterEach below unstubs globals after every test.
  Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, configurable: true });
}

// jsdom has no pointer capture; sonner captures the pointer when a toast's button is pressed.
if (typeof window !== 'undefined' && !('setPointerCapture' in Element.prototype)) {
  Object.assign(Element.prototype, {
    setPointerCapture() {},
    releasePointerCapture() {},
    hasPointerCapture: () => false,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Some files run in the node environment (`// @vitest-environment node`): no DOM to reset there.
  if (typeof window === 'undefined') return;
  cleanup();
  // Sonner keeps toasts in a module-level store and replays undismissed ones to the next Toaster.
  toast.dismiss();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  window.history.replaceState(null, '', '/');
});
