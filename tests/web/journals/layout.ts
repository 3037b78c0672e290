import { afterAll, beforeAll } from 'vitest';

/** jsdom has no layout: give elements a 1000 x 600 box so that the virtualised tables have a window. */
export function withLayoutBox() {
  const saved = {
    clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
    clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
  };
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
  });
  afterAll(() => {
    // jsdom defines them on Element.prototype: remove the overrides (or put back an own one)
    for (const key of ['clientHeight', 'clientWidth'] as const) {
      const descriptor = saved[key];
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
    }
  });
}
