// `node scripts/lcp.mjs`: the largest contentful paint and the total blocking time of /connexion and
// /mes-contributions on an emulated cheap phone (decisions 0023 and 0039): 360 px wide, CPU slowed 4x,
// 1.6 Mbps down, 750 kbps up, 150 ms round trip (Chrome DevTools Protocol), each run in a new browser
// context (empty cache). It builds what is missing or stale, starts the compiled server on a fresh
// seeded data folder and a free port, signs fidele@example.org in for /mes-contributions, prints every
// run and the medians, and exits 1 when a median is past its target: LCP 1.5 s and 2.5 s, and on a
// repeat visit of /mes-contributions (the same context opens it a second time: the HTTP cache and the
// service worker in place) 1.0 s; total blocking time 200 ms.
//
// The total blocking time is the trace's measure Lighthouse sums too: each long task (over 50 ms,
// PerformanceObserver 'longtask', CPU slowed as above) after the first contentful paint counts for its
// time beyond 50 ms, until the page is idle. Lighthouse simulates it; this one is observed.
//
// Options: --runs=<n> (5), --url=<base> (measure a server already running instead, seeded with the
// demo data: the reference server, or nginx serving dist/ in front of it, scripts/nginx.mjs),
// --cpu=<rate> (4), --only=<path>.
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
const TBT_TARGET_MS = 200;
const only = option('only', null);
const TARGETS = [
  {
    path: '/connexion',
    login: null,
    targetMs: 1500,
    ready: (page) => page.getByRole('button', { name: 'Se connecter' }),
  },
  {
    path: '/mes-contributions',
    login: 'fidele@example.org',
    targetMs: 2500,
    ready: (page) => page.getByText(/F\sCFA/).first(),
  },
  {
    path: '/mes-contributions',
    label: '/mes-contributions (retour)',
    repeat: true,
    login: 'fidele@example.org',
    targetMs: 1000,
    ready: (page) => page.getByText(/F\sCFA/).first(),
  },
].filter((target) => !only || target.path === only);
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

/**
 * One run: a new context (empty cache), the phone's network and CPU; the page's LCP and total blocking
 * time in ms. A repeat run opens the page once first (not measured), then again in the same context.
 */
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
      // signed in on this device, as after /connexion: the SPA keeps the account in localStorage
      const me = await (await context.request.get('/api/me')).json();
      await context.addInitScript((account) => {
        if (!localStorage.getItem('account'))
          localStorage.setItem('account', JSON.stringify({ state: { account }, version: 0 }));
      }, me);
    }
    await context.addInitScript(() => {
      window.__lcp = 0;
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: !target.repeat });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    if (target.repeat) {
      // the first visit: the cache and the service worker (its precache) settle before the measure
      await page.goto(target.path, { waitUntil: 'load', timeout: 60_000 });
      await target.ready(page).waitFor({ state: 'visible', timeout: 60_000 });
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
      await page
        .waitForFunction(() => navigator.serviceWorker?.controller || !('serviceWorker' in navigator), null, {
          timeout: 60_000,
        })
        .catch(() => undefined);
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
    }
    await page.goto(target.path, { waitUntil: 'load', timeout: 60_000 });
    await target.ready(page).waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const pathname = new URL(page.url()).pathname;
    if (pathname !== target.path) throw new Error(`${target.path} a mené à ${pathname}`);
    const { lcp, tbt } = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return {
        lcp: window.__lcp,
        tbt: window.__longTasks
          .filter(([start]) => start >= fcp)
          .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
      };
    });
    if (!lcp) throw new Error(`${target.path}: aucune largest-contentful-paint mesurée`);
    return { lcp, tbt };
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
  console.log(
    `charge de la machine (uptime) : ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
  for (const target of TARGETS) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      try {
        runs.push(await measure(browser, server.baseUrl, target));
      } catch (error) {
        // now and then Chromium reports no LCP entry at all for a run (seen on nginx, a loaded
        // machine): that run is measured once more, said, instead of stopping the page's measure
        if (!(error instanceof Error) || !error.message.includes('aucune largest-contentful-paint'))
          throw error;
        console.log(`${target.label ?? target.path}: ${error.message}, essai refait`);
        runs.push(await measure(browser, server.baseUrl, target));
      }
    }
    const lcp = median(runs.map((run) => run.lcp));
    const tbt = median(runs.map((run) => run.tbt));
    const ok = lcp <= target.targetMs && tbt <= TBT_TARGET_MS;
    if (!ok) failed = true;
    console.log(
      `${(target.label ?? target.path).padEnd(28)} LCP ${runs.map((run) => `${(run.lcp / 1000).toFixed(2)}`).join(' ')} s, ` +
        `TBT ${runs.map((run) => Math.round(run.tbt)).join(' ')} ms\n${''.padEnd(28)} médianes LCP ${(lcp / 1000).toFixed(2)} s ` +
        `(cible ${(target.targetMs / 1000).toFixed(1)} s), TBT ${Math.round(tbt)} ms (cible ${TBT_TARGET_MS} ms) ${ok ? 'OK' : 'DÉPASSÉE'}`,
    );
  }
  console.log(
    `charge de la machine (uptime) : ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
