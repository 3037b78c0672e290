// Debian's nginx serving the built SPA (dist/) with deploy/nginx.conf, /api proxied to a running API
// server: the static deployment of the README, as e2e/nginx/ and the measures run it. nginx runs as a
// plain process of its own (no root, no system files written): its main configuration, pid file, logs
// and temporary folders live in a temporary folder, removed when it stops.
//
//   node scripts/nginx.mjs --api=http://127.0.0.1:3000 [--port=8080] [--dist=dist]
//
// prints the address it serves, and runs until Ctrl+C. `NGINX_PATH` names another binary.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** ngx_brotli's static module (deploy/nginx.conf's `brotli_static`): Debian's libnginx-mod-http-brotli-static. */
export const BROTLI_MODULE =
  process.env.NGINX_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const MIME_TYPES = [
  '/etc/nginx/mime.types',
  '/usr/local/nginx/conf/mime.types',
  '/opt/homebrew/etc/nginx/mime.types',
];

/** deploy/nginx.conf with its CHANGE lines set: where it listens, the build folder, the API. */
export function siteConfig({ port, dist, api }) {
  let conf = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const apiHost = new URL(api).host;
  const replace = (from, to) => {
    if (!conf.includes(from)) throw new Error(`deploy/nginx.conf n'a plus la ligne « ${from} »`);
    conf = conf.replace(from, to);
  };
  replace('server 127.0.0.1:3000;', `server ${apiHost};`);
  replace('listen 80;', `listen 127.0.0.1:${port};`);
  replace('root /srv/ekklesia/dist;', `root ${path.resolve(ROOT, dist)};`);
  return conf;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, log) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`nginx s'est arrêté (code ${child.exitCode}) :\n${readFileSync(log, 'utf8')}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nginx ne répond pas sur ${url}`);
}

/** Starts nginx; answers its address and a `stop()` that ends it and removes its folder. */
export async function startNginx({ api, port, dist = 'dist' }) {
  if (!existsSync(NGINX)) throw new Error(`nginx est introuvable (${NGINX}) : apt-get install -y nginx`);
  if (!existsSync(path.resolve(ROOT, dist, 'index.html')))
    throw new Error(`${dist}/index.html manque : npm run build`);
  if (!existsSync(BROTLI_MODULE))
    throw new Error(
      `le module brotli de nginx est introuvable (${BROTLI_MODULE}) : apt-get install -y libnginx-mod-http-brotli-static`,
    );
  const mimeTypes = MIME_TYPES.find((file) => existsSync(file));
  if (!mimeTypes) throw new Error('mime.types de nginx introuvable');
  const listen = port ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
  writeFileSync(path.join(dir, 'site.conf'), siteConfig({ port: listen, dist, api }));
  const log = path.join(dir, 'error.log');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `load_module ${BROTLI_MODULE};
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${log} warn;
events { worker_connections 512; }
http {
  include ${mimeTypes};
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  // -e: the error log before the configuration is read (Debian's default is a system file)
  const child = spawn(NGINX, ['-p', dir, '-e', log, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${listen}`;
  try {
    await waitFor(`${url}/index.html`, child, log);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT'); // graceful: lets the answers in flight finish
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const api = option('api');
  if (!api) {
    console.error('usage : node scripts/nginx.mjs --api=http://127.0.0.1:3000 [--port=8080] [--dist=dist]');
    process.exit(2);
  }
  const nginx = await startNginx({
    api,
    port: option('port') ? Number(option('port')) : undefined,
    dist: option('dist'),
  });
  console.log(`nginx sert ${option('dist') ?? 'dist'}/ sur ${nginx.url} (/api → ${api})`);
  const stop = async () => {
    await nginx.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
