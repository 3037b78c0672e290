import { defineConfig } from '@playwright/test';
import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The harness starts the real server (built SPA + API) on a fresh seeded database and a free port.
// Workers re-read this file: the first evaluation stores the port and data folder in the environment,
// which the workers inherit.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execSync(
    `node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"`,
  )
    .toString()
    .trim();
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  process.env.E2E_SWEEP_PORT = execSync(
    `node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"`,
  )
    .toString()
    .trim();
  process.env.E2E_SWEEP_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'e2e-sweep-data-'));
}
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
// The accessibility sweep reads the demo data as seeded (an approved request still to pay, a receipt to
// open): it gets a server of its own, which the flows that change data never touch.
const sweepPort = process.env.E2E_SWEEP_PORT;
const SWEEP_BASE_URL = `http://127.0.0.1:${sweepPort}`;

const serverEnv = (listen: string, dataDir: string) => ({
  PORT: listen,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
  SEED_DEMO: 'true',
  NODE_ENV: 'test',
  SESSION_SECRET: 'e2e-session-secret-of-at-least-32-characters',
  CORS_ORIGINS: '',
});

export default defineConfig({
  testDir: 'e2e',
  // e2e/nginx/ reads nginx's own answers: playwright.nginx.config.ts runs it, in front of this server
  testIgnore: ['nginx/**'],
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // generous for a busy two-core machine (a flow's page can take 10 s to settle there); a step that
  // cannot happen still fails at its own timeout below, not at the test's
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Africa/Abidjan',
    // a step that cannot happen fails in seconds, with its reason, instead of holding the test until
    // its timeout (a missing button used to hold the sweep for half an hour)
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // the app's service worker (decision 0039) is tested where it is the subject (e2e/offline.spec.ts:
    // `test.use({ serviceWorkers: 'allow' })`); elsewhere each page is the
    // network's, as the flows expect (and page.route sees every call)
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        // native date and time fields in French (24 h), as the users see them
        '--lang=fr-FR',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // The compiled server, as `npm start` runs it (built in a fraction of a second when stale); the
      // SPA is the build already in STATIC_DIR.
      command: 'node scripts/build.mjs --server --if-stale && node build/server/index.js',
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv(port!, process.env.E2E_DATA_DIR!),
    },
    {
      // started once the first is up (Playwright starts its web servers in order): built already
      command: 'node build/server/index.js',
      url: `${SWEEP_BASE_URL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv(sweepPort!, process.env.E2E_SWEEP_DATA_DIR!),
    },
  ],
});
