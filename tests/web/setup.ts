import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw/server';
import { loadMobileNavDrawer } from '@/app/layouts/mobile-nav';
import { loadDialog } from '@/shared/ui/dialog';
import { loadSelect } from '@/shared/ui/select';

// jsdom lacks what Radix Select and react-day-picker touch.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Radix Select, Radix Dialog and the phone menu's drawer load at their first use in the app (decision
// 0032): the component tests start with them loaded, as a browser that has them cached, so that a
// dialog or a list is there as soon as it opens. tests/web/ui/lazy-radix.test.tsx checks the first use
// itself, on fresh modules.
beforeAll(async () => {
  await Promise.all([loadDialog(), loadSelect(), loadMobileNavDrawer()]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
