import { defineConfig } from '@playwright/test';
import { execSync } from 'node:child_process';
import base from './playwright.config';

// The static deployment (issue 30, item 1; README, 'Deploying the SPA in front of your API'): Debian's
// nginx, as a plain process with deploy/nginx.conf templated by scripts/nginx.mjs, serves dist/ and
// proxies /api to the reference server. The first screens (e2e/nginx/) and one flow per space run
// through it: the treasurer's receipt and its QR code (church), the member's /mes-contributions
// (personal), the accountant's and the region president's navigation, the offline outbox.
//
//   npm run build && npx playwright test -c playwright.nginx.config.ts
if (!process.env.E2E_NGINX_PORT)
  process.env.E2E_NGINX_PORT = execSync(
    `node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"`,
  )
    .toString()
    .trim();
const apiPort = process.env.E2E_PORT!;
const nginxURL = `http://127.0.0.1:${process.env.E2E_NGINX_PORT}`;
const [api] = Array.isArray(base.webServer) ? base.webServer : [base.webServer!];

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: ['nginx/*.spec.ts', 'contributions.spec.ts', 'navigation.spec.ts', 'offline.spec.ts'],
  outputDir: 'test-results/nginx',
  use: { ...base.use, baseURL: nginxURL },
  webServer: [
    api,
    {
      command: `node scripts/nginx.mjs --api=http://127.0.0.1:${apiPort} --port=${process.env.E2E_NGINX_PORT}`,
      url: `${nginxURL}/index.html`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
