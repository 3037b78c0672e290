// `node scripts/lcp.mjs`: the largest contentful paint of /connexion and /mes-contributions on an
// emulated cheap phone (decision 0023): 360 px wide, CPU slowed 4x, 1.6 Mbps down, 750 kbps up, 150 ms
// round trip (Chrome DevTools Protocol), each run in a new browser context (empty cache). It builds
// what is missing or stale, starts the compiled server on a fresh seeded data folder and a free port,
// signs fidele@example.org in for /mes-contributions, prints every run and the median, and exits 1
// when a median is past its target (2.0 s and 2.5 s).
//
// Options: --runs=<n> (5), --url=<base> (measure a server already running instead; seeded with the
// demo data), --cpu=<rate> (4).
/* global window */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RUNS = Number(option('runs', '5'));
const CPU_RATE = Number(option('cpu', '4'));
const PHONE = {
  latency: 150, // ms, round trip
  downloadThroughput: (1.6 * 1024 * 1024) / 8, // bytes per second
  uploadThroughput: (750 * 1024) / 8,
};
const TARGETS = [
  {
    path: '/connexion',
    login: null,
    targetMs: 2000,
    ready: (page) => page.getByRole('button', { name: 'Se connecter' }),
  },
  {
    path: '/mes-contributions',
    login: 'fidele@example.org',
    targetMs: 2500,
    ready: (page) => page.getByText(/F\sCFA/).first(),
  },
];
const PASSWORD = 'demo1234';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, child) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('le serveur ne répond pas sur /api/health après 180 s');
}

async function startServer() {
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lcp-data-'));
  const child = spawn(process.execPath, ['build/server/index.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: 'dist',
      SEED_DEMO: 'true',
      NODE_ENV: 'test', // 'production' would not seed the demo accounts
      SESSION_SECRET: 'lcp-session-secret-of-at-least-32-characters',
      CORS_ORIGINS: '',
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One run: a new context (empty cache), the phone's network and CPU, the page's LCP in ms. */
async function measure(browser, baseUrl, target) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Africa/Abidjan',
  });
  try {
    if (target.login) {
      const response = await context.request.post('/api/login', {
        data: { login: target.login, password: PASSWORD },
      });
      if (!response.ok()) throw new Error(`connexion de ${target.login} refusée (${response.status()})`);
    }
    await context.addInitScript(() => {
      window.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    await page.goto(target.path, { waitUntil: 'load', timeout: 60_000 });
    await target.ready(page).waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const pathname = new URL(page.url()).pathname;
    if (pathname !== target.path) throw new Error(`${target.path} a mené à ${pathname}`);
    const lcp = await page.evaluate(() => window.__lcp);
    if (!lcp) throw new Error(`${target.path}: aucune largest-contentful-paint mesurée`);
    return lcp;
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const given = option('url', null);
const server = given ? { baseUrl: given.replace(/\/$/, ''), stop: async () => {} } : await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--lang=fr-FR'],
});
let failed = false;
try {
  console.log(
    `LCP, téléphone émulé : 360 px, CPU ÷${CPU_RATE}, 1,6 Mbit/s, RTT 150 ms, ${RUNS} essais (${server.baseUrl})`,
  );
  for (const target of TARGETS) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await measure(browser, server.baseUrl, target));
    const value = median(runs);
    const ok = value <= target.targetMs;
    if (!ok) failed = true;
    console.log(
      `${target.path.padEnd(20)} ${runs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join('  ')}  ` +
        `médiane ${(value / 1000).toFixed(2)} s (cible ${(target.targetMs / 1000).toFixed(1)} s) ${ok ? 'OK' : 'DÉPASSÉE'}`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
