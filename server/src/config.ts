import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  /** folder of the embedded PGlite database (ignored with databaseUrl) */
  dataDir: string;
  databaseUrl: string | null;
  sessionSecret: string;
  /** origins allowed to call the API with credentials, besides the server's own */
  corsOrigins: string[];
  seedDemo: boolean;
  /** the built SPA; null to serve the API only */
  staticDir: string | null;
  /**
   * The reverse proxies whose X-Forwarded-For / -Proto / -Host are believed (TRUST_PROXY, decision 0041):
   * false (none), a hop count (the last N addresses the proxies added), or their addresses and CIDR
   * ranges (a comma-separated list, also `loopback`, `linklocal`, `uniquelocal`). Never every address.
   */
  trustProxy: false | number | string;
  production: boolean;
  /** largest accepted request body, in bytes */
  bodyLimit: number;
  logLevel: string;
  /** sliding lifetime of a session: extended while it is used (7 days) */
  sessionTtlMs: number;
  /** absolute lifetime of a session from its sign-in, whatever its use (30 days, decision 0014) */
  sessionMaxAgeMs: number;
  /** on SIGTERM / SIGINT, how long requests in flight may take before their connections are closed */
  shutdownTimeoutMs: number;
  /**
   * LigdiCash, the payment aggregator of the subscriptions (decision 0019). `apiUrl` null: the built-in
   * simulator answers instead (never in production).
   */
  ligdicash: { apiUrl: string | null; apiKey: string; apiToken: string };
  /** the address the provider and the browser reach the product at (return and callback URLs) */
  publicUrl: string | null;
  /** how often pending subscription payments and online gifts are re-checked with the provider; 0: never */
  paymentRecheckMs: number;
  /**
   * The key of the payment secrets (the churches' LigdiCash merchant keys and tokens, AES-256-GCM;
   * decision 0043): SHA-256 of PAYMENT_SECRETS_KEY, or of a development value that production refuses.
   */
  paymentSecretsKey: Buffer;
  /** where backups are written and listed (decision 0044; default DATA_DIR/backups) */
  backupDir: string;
  /** how many backups the daily backup keeps (older ones removed); 0: no daily backup */
  backupKeep: number;
  /**
   * the token of this process's operations (`npm run backup` and `npm run audit:verify` on PGlite ask
   * the running server, which owns the data folder); written to DATA_DIR/ops.json, null in tests
   */
  opsToken: string | null;
};

const DEV_SESSION_SECRET = 'dev-only-session-secret-do-not-use-in-production';
/** The demo's and development's key of the payment secrets (README): never accepted in production. */
export const DEV_PAYMENT_SECRETS_KEY = 'dev-only-payment-secrets-key-do-not-use-in-production';

function parseBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

/** The names proxy-addr knows for address ranges. */
const ADDRESS_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(value: string): boolean {
  if (ADDRESS_RANGES.has(value)) return true;
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * TRUST_PROXY: empty or `false` (no proxy), a hop count, or the proxies' addresses and ranges. `true`
 * (believe any X-Forwarded-For) is refused: a client could then name any address and escape the
 * sign-in limits per address.
 */
function parseTrustProxy(value: string | undefined): false | number | string {
  if (value === undefined || value.trim() === '' || value.trim() === 'false') return false;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
  const entries = v.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => entry !== '' && isAddressOrRange(entry))) return entries.join(',');
  throw new Error(
    `Invalid TRUST_PROXY: ${value} (expected a hop count such as 1, or the proxies' addresses such as ` +
      '10.0.0.5,10.0.1.0/24; `true` is refused: any client could then choose its own address)',
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  const shutdownTimeoutMs = Number(env.SHUTDOWN_TIMEOUT_MS || 10_000);
  if (!Number.isFinite(shutdownTimeoutMs) || shutdownTimeoutMs < 0)
    throw new Error(`Invalid SHUTDOWN_TIMEOUT_MS: ${env.SHUTDOWN_TIMEOUT_MS}`);
  const sessionSecret = env.SESSION_SECRET?.trim() || '';
  if (production && sessionSecret.length < 32) {
    throw new Error('SESSION_SECRET must be set to at least 32 characters when NODE_ENV=production');
  }
  const paymentSecrets = env.PAYMENT_SECRETS_KEY?.trim() || '';
  if (production && (paymentSecrets.length < 32 || paymentSecrets === DEV_PAYMENT_SECRETS_KEY)) {
    throw new Error('PAYMENT_SECRETS_KEY must be set to at least 32 characters when NODE_ENV=production');
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    sessionSecret: sessionSecret || DEV_SESSION_SECRET,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    seedDemo: production ? false : parseBoolean(env.SEED_DEMO, true),
    staticDir: env.STATIC_DIR === '' ? null : path.resolve(env.STATIC_DIR || 'dist'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    production,
    bodyLimit: 1024 * 1024,
    logLevel: env.LOG_LEVEL || (production ? 'info' : 'warn'),
    sessionTtlMs: 7 * 24 * 3600 * 1000,
    sessionMaxAgeMs: 30 * 24 * 3600 * 1000,
    shutdownTimeoutMs,
    ligdicash: {
      apiUrl: withSlash(env.LIGDICASH_API_URL),
      apiKey: env.LIGDICASH_API_KEY?.trim() ?? '',
      apiToken: env.LIGDICASH_API_TOKEN?.trim() ?? '',
    },
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') || null,
    paymentRecheckMs: parseRecheck(env.PAYMENT_RECHECK_MS),
    paymentSecretsKey: createHash('sha256')
      .update(paymentSecrets || DEV_PAYMENT_SECRETS_KEY)
      .digest(),
    backupDir: path.resolve(env.BACKUP_DIR || path.join(env.DATA_DIR || './data', 'backups')),
    backupKeep: parseKeep(env.BACKUP_KEEP),
    opsToken: null,
  };
}

function parseKeep(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 14;
  const keep = Number(value);
  if (!Number.isInteger(keep) || keep < 0) throw new Error(`Invalid BACKUP_KEEP: ${value}`);
  return keep;
}

/** A base URL ending with '/', or null when unset. */
function withSlash(value: string | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  return v.endsWith('/') ? v : `${v}/`;
}

function parseRecheck(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 60_000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`Invalid PAYMENT_RECHECK_MS: ${value}`);
  return ms;
}

/** A configuration for tests and tools: API only, no seeding, quiet. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', STATIC_DIR: '' }),
    corsOrigins: ['http://localhost:5173'],
    logLevel: 'silent',
    paymentRecheckMs: 0,
    backupKeep: 0,
    ...overrides,
  };
}
