/**
 * In-memory sliding-window counter of failed sign-ins, per key (an account identifier or an address).
 * One instance per server: enough for a single-process reference server.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Seconds until `key` may try again, or 0 when it is not blocked. */
  retryAfter(key: string, now = Date.now()): number {
    const times = this.recent(key, now);
    if (times.length < this.maxFailures) return 0;
    const oldestThatCounts = times[times.length - this.maxFailures];
    return Math.max(1, Math.ceil((oldestThatCounts + this.windowMs - now) / 1000));
  }

  fail(key: string, now = Date.now()): void {
    if (!this.failures.has(key) && this.failures.size >= this.maxKeys) this.prune(now);
    const times = this.recent(key, now);
    times.push(now);
    this.failures.set(key, times);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const times = this.failures.get(key);
    if (!times) return [];
    const kept = times.filter((t) => t > now - this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else if (kept.length !== times.length) this.failures.set(key, kept);
    return kept;
  }

  private prune(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
    // Still full of fresh entries (an attack with many keys): drop the oldest half.
    if (this.failures.size >= this.maxKeys) {
      const keys = [...this.failures.keys()].slice(0, Math.floor(this.maxKeys / 2));
      for (const key of keys) this.failures.delete(key);
    }
  }
}
