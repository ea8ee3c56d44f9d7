import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetConfigForTests } from '@/config/env';
import { resetShopForTests } from '@/lib/shop';

import { media } from './media';

// findBy…/waitFor give up after 1 s by default: too short for a page that loads its config, the
// session and its data on a busy 2-core machine (5 s was too short with CPU burners and other
// suites running: npm run test:busy). Once here, not per call; a wait that succeeds returns at once.
configure({ asyncUtilTimeout: 15_000 });

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
  resetShopForTests();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
