/**
 * A fixed-window counter per key (the client address) kept in memory: enough for one server process.
 * The public receipt page uses it so that receipt ids cannot be enumerated from one address.
 */
export type RateLimiter = {
  /** counts one hit; answers null when allowed, else the seconds to wait */
  hit: (key: string, now?: number) => number | null;
};

export function createRateLimiter(options: { max: number; windowMs: number; maxKeys?: number }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const maxKeys = options.maxKeys ?? 10_000;
  return {
    hit(key, now = Date.now()) {
      let entry = windows.get(key);
      if (!entry || now - entry.start >= options.windowMs) {
        if (!entry && windows.size >= maxKeys) {
          // forget the expired windows first, then the oldest one (memory stays bounded)
          for (const [k, e] of windows) if (now - e.start >= options.windowMs) windows.delete(k);
          if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
        }
        entry = { start: now, count: 0 };
        windows.set(key, entry);
      }
      entry.count += 1;
      if (entry.count <= options.max) return null;
      return Math.max(1, Math.ceil((entry.start + options.windowMs - now) / 1000));
    },
  };
}
