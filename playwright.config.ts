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
}
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Africa/Abidjan',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
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
  webServer: {
    // The compiled server, as `npm start` runs it (built in a fraction of a second when stale); the SPA
    // is the build already in STATIC_DIR.
    command: 'node scripts/build.mjs --server --if-stale && node build/server/index.js',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port!,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR!,
      DATABASE_URL: '',
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
      SESSION_SECRET: 'e2e-session-secret-of-at-least-32-characters',
      CORS_ORIGINS: '',
    },
  },
});
