// `npm run dev`: the API server with reload (tsx watch) and Vite with hot reload, proxying /api to it.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/index.ts'], {
    stdio: 'inherit',
    // the browser is on Vite's address: LigdiCash (or its simulator) sends it back there
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env, PORT: port, STATIC_DIR: '' },
  }),
  spawn('npx', ['vite'], {
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${port}` },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
