import { describe, expect, it } from 'vitest';
import { slugify } from '@/shared/lib/slug';

describe('slugify', () => {
  it('lowercases, strips accents and hyphenates', () => {
    expect(slugify('Église Évangélique de Côte d’Ivoire')).toBe('eglise-evangelique-de-cote-d-ivoire');
    expect(slugify('Liste des candidats 2026')).toBe('liste-des-candidats-2026');
  });

  it('collapses runs of other characters into one hyphen and trims them', () => {
    expect(slugify('  --Hello,   World!!--  ')).toBe('hello-world');
    expect(slugify('a / b _ c')).toBe('a-b-c');
  });

  it('handles ligatures and cedillas', () => {
    expect(slugify('Cœur çà et là')).toBe('coeur-ca-et-la');
  });

  it('gives an empty slug for text without letters or digits', () => {
    expect(slugify('!!!')).toBe('');
    expect(slugify('')).toBe('');
  });
});
