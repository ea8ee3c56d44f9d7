import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetConfigForTests } from '../../web/src/config/env';

import { media } from './media';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    get matches() {
      return query.includes('dark') ? media.prefersDark : false;
    },
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

beforeEach(() => {
  media.prefersDark = false;
  localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  resetConfigForTests();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
