import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Every test sees the app's texts, as the browser does: tests beside a feature may not import app/ themselves.
import '../app/i18n.ts';
import { featureTranslations } from '../app/translations-features.ts';
import { addTranslations } from '../i18n/index.ts';

// The browser adds the strings of the screens behind sign-in on the first navigation there; tests render
// those screens directly.
addTranslations(featureTranslations);

// The first test of a file imports lazily loaded screens; on a busy 2-core machine that outlasts the 1 s default.
configure({ asyncUtilTimeout: 5_000 });

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// antd's responsive helpers call matchMedia, which jsdom does not implement.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd (rc-resize-observer) observes element sizes; jsdom has no ResizeObserver.
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
