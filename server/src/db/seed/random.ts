/** A small seeded PRNG (mulberry32): the same seed gives the same demo data on every machine. */
export type Rng = {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  /** integer in [min, max] rounded down to a multiple of step (at least step) */
  amount(min: number, max: number, step: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** k distinct items, in a random order */
  sample<T>(items: readonly T[], k: number): T[];
};

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    amount: (min, max, step) => Math.max(step, Math.floor(int(min, max) / step) * step),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
    sample: (items, k) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, k);
    },
  };
}

/** A unique, random-looking local number for the k-th user: k -> (k * 7654321 + 3141593) mod 10^digits
 * is a bijection (7654321 is prime to 10), so two users never share a number under the same prefix. The large
 * seed computes the same expression in SQL. */
export function scrambledNumber(k: number, digits: number): string {
  const modulus = 10 ** digits;
  return String((k * 7_654_321 + 3_141_593) % modulus).padStart(digits, '0');
}

/** Lower-case ASCII, accents stripped, for e-mail addresses. */
export function asciiSlug(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
