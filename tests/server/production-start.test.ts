import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED_MESSAGE } from '../../contract/auth';
import { compileServer, processDatabase, startServer, type ServerProcess } from './processes';

// Decision 0017: the compiled server (plain JavaScript, `npm run build`) starts on an empty database,
// answers liveness and readiness, and stops gracefully on SIGTERM.

let build: ReturnType<typeof compileServer>;
let database: Awaited<ReturnType<typeof processDatabase>>;
let server: ServerProcess | null = null;

beforeAll(async () => {
  build = compileServer();
  database = await processDatabase('empty');
});
afterAll(async () => {
  if (server) await server.stop();
  build?.remove();
  await database?.drop();
});

/** A sign-in whose body is sent in two parts: in flight between them. Answers the raw exchange. */
function partialSignIn(port: number) {
  const body = JSON.stringify({ login: 'personne@example.org', password: 'mot-de-passe' });
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('utf8')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    async sendFirstHalf() {
      await opened;
      socket.write(
        `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
      );
    },
    sendRest: () => socket.write(body.slice(10)),
    closed,
    received: () => received,
  };
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('the compiled server', () => {
  it('starts on an empty database: migrated, alive and ready', async () => {
    server = await startServer(build.entry, database.env);
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: database.kind });
    const ready = await fetch(`${server.base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: database.kind });
    // the database answers through the migrated schema
    const me = await fetch(`${server.base}/api/me`);
    expect(me.status).toBe(401);
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'personne@example.org', password: 'x' }),
    });
    expect(login.status).toBe(400);
    expect(((await login.json()) as { message: string }).message).toContain(LOGIN_FAILED_MESSAGE);
  }, 180_000);

  it('on SIGTERM closes its port, finishes the request in flight, then exits 0', async () => {
    const running = server!;
    const request = partialSignIn(running.port);
    await request.sendFirstHalf();
    await new Promise((resolve) => setTimeout(resolve, 200));
    running.child.kill('SIGTERM');
    // the port closes while the request is still in flight
    for (let i = 0; i < 100 && !(await refused(running.port)); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await refused(running.port)).toBe(true);
    expect(running.child.exitCode).toBeNull();
    request.sendRest();
    const answered = Date.now();
    await request.closed;
    // the keep-alive connection closes once answered, not at the stop's timeout (10 s)
    expect(Date.now() - answered).toBeLessThan(3000);
    expect(request.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(request.received()).toContain(LOGIN_FAILED_MESSAGE);
    expect(await running.exited).toBe(0);
    if (database.kind === 'pglite')
      expect(existsSync(path.join(database.env.DATA_DIR!, 'server.pid'))).toBe(false);
    server = null;
  }, 60_000);

  it('restarts on the same database and cuts a request still unfinished after SHUTDOWN_TIMEOUT_MS', async () => {
    const running = await startServer(build.entry, { ...database.env, SHUTDOWN_TIMEOUT_MS: '500' });
    server = running;
    const request = partialSignIn(running.port);
    await request.sendFirstHalf();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopping = Date.now();
    running.child.kill('SIGTERM');
    await request.closed;
    expect(await running.exited).toBe(0);
    const took = Date.now() - stopping;
    expect(took).toBeGreaterThanOrEqual(450);
    expect(took).toBeLessThan(5000);
    expect(request.received()).not.toMatch(/^HTTP\/1\.1 200/);
    server = null;
  }, 120_000);
});
