import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Some files run in the node environment (`// @vitest-environment node`): no DOM to reset there.
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  window.history.replaceState(null, '', '/');
});
