import { describe, expect, it } from 'vitest';
import { pageRoute, prefixed } from '@/shared/routing/page-route';

// The route objects of a space serve every router made from them (each test, each drawing): React Router
// empties a lazy object once it has loaded it, so a page route hands out a fresh one each time, and a
// prefixed copy ('espace-comptable/…') must keep doing so.
describe('prefixed page routes', () => {
  it('keep a fresh lazy object for every router, under their new path', () => {
    const page = pageRoute('fiches-de-paie', 'payroll.list', async () => () => null);
    const [copy] = prefixed('espace-comptable', [page]);
    expect(copy.path).toBe('espace-comptable/fiches-de-paie');
    const first = copy.lazy as Record<string, unknown>;
    delete first.Component; // what React Router does once it has loaded it
    expect(typeof (copy.lazy as Record<string, unknown>).Component).toBe('function');
    expect(page.path).toBe('fiches-de-paie');
  });
});
