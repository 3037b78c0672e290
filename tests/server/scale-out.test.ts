import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compileServer, processDatabase, startServer, type ServerProcess } from './processes';
import { ROOT } from './template';

// Decision 0018: several server processes on one PostgreSQL behave as one. Two compiled servers behind
// a round-robin proxy (each request to the next server): what one writes or ends, the other sees.
// PostgreSQL only: PGlite serves one process.

const onPostgres = inject('serverTestDb').kind === 'postgres';
const journal = JSON.parse(
  readFileSync(path.join(ROOT, 'server/src/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

/** A round-robin HTTP proxy over `ports`; `served` records which backend answered each request. */
async function roundRobin(ports: number[]) {
  let next = 0;
  const served: Array<{ backend: number; method: string; path: string }> = [];
  const server = http.createServer((req, res) => {
    const backend = next++ % ports.length;
    served.push({ backend, method: req.method ?? '', path: req.url ?? '' });
    const upstream = http.request(
      { host: '127.0.0.1', port: ports[backend], method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Answer = { status: number; body: any; headers: Headers }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', () => {
  let build: ReturnType<typeof compileServer>;
  let database: Awaited<ReturnType<typeof processDatabase>>;
  let servers: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobin>>;
  let sql: pg.Client;
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    build = compileServer();
    database = await processDatabase('demo');
    servers = await Promise.all([
      startServer(build.entry, database.env),
      startServer(build.entry, database.env),
    ]);
    proxy = await roundRobin(servers.map((s) => s.port));
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 180_000);
  afterAll(async () => {
    await proxy?.close();
    await sql?.end();
    await Promise.all(servers.map((s) => s.stop()));
    build?.remove();
    await database?.drop();
  });

  const one = async <T>(text: string, values: unknown[] = []): Promise<T> =>
    (await sql.query(text, values)).rows[0] as T;

  /** Through the proxy, as `login` (signed in through the proxy the first time). */
  async function call(
    login: string | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    if (login && !cookies.has(login)) await signIn(login);
    const response = await fetch(`${proxy.base}${path}`, {
      method,
      headers: {
        ...(login ? { cookie: cookies.get(login)! } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  async function signIn(login: string): Promise<number> {
    const response = await fetch(`${proxy.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, password: 'demo1234' }),
    });
    expect(response.status).toBe(200);
    cookies.set(
      login,
      response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
    return proxy.served.at(-1)!.backend;
  }
  const lastBackend = () => proxy.served.at(-1)!.backend;

  it('keeps a session signed in on one process valid on the other, and ends it on both', async () => {
    const on = await signIn('pasteur@example.org');
    const me = await call('pasteur@example.org', 'GET', '/api/me');
    expect(lastBackend()).not.toBe(on);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('pasteur@example.org');
    const again = await call('pasteur@example.org', 'GET', '/api/me');
    expect(again.status).toBe(200);
    expect(lastBackend()).toBe(on);

    const out = await call('pasteur@example.org', 'DELETE', '/api/logout');
    expect(out.status).toBe(200);
    const outOn = lastBackend();
    const after = await call('pasteur@example.org', 'GET', '/api/me');
    expect(lastBackend()).not.toBe(outOn);
    expect(after.status).toBe(401);
    cookies.delete('pasteur@example.org');
  });

  it('records a payment once when the same Idempotency-Key reaches both processes', async () => {
    const church = await one<{ id: number }>(
      `select church_id as id from users where email = 'tresorier@example.org'`,
    );
    const account = async (code: string) =>
      (await one<{ id: number }>('select id from operation_accounts where code = $1', [code])).id;
    const created = await call('tresorier@example.org', 'POST', '/api/expense-requests', {
      status: 'approval_pending',
      description: 'Achat de fournitures (deux serveurs)',
      expenses: [{ name: 'Rames de papier', quantity: 10, unit_price: 3_000 }],
      operation_account_id: await account('6047'),
      budget_line_id: null,
      planned_activity_id: null,
      entity_type: 'CHURCH',
      entity_id: church.id,
      made_at: '2026-11-20T09:30:00.000Z',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const requestId = created.body.data.id as number;
    const approved = await call(
      'pasteur@example.org',
      'PUT',
      `/api/expense-requests/${requestId}/approved`,
      {},
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const detail = await call('tresorier@example.org', 'GET', `/api/expense-requests/${requestId}`);
    const lineId = detail.body.data.expenses[0].id as number;

    const payment = {
      amount: 12_000,
      validated_at: '2026-11-20',
      validate_time: '10:30:00',
      payment_method: 'cash',
      payment_account_id: await account('5711'),
    };
    const key = 'two-processes-payment-1';
    const before = proxy.served.length;
    const answers = await Promise.all(
      [0, 1].map(() =>
        call('tresorier@example.org', 'PUT', `/api/expenses/${lineId}/validate`, payment, {
          'idempotency-key': key,
        }),
      ),
    );
    expect(new Set(proxy.served.slice(before).map((s) => s.backend))).toEqual(new Set([0, 1]));
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(new Set(answers.map((a) => a.body.data.payment.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    const replay = await call('tresorier@example.org', 'PUT', `/api/expenses/${lineId}/validate`, payment, {
      'idempotency-key': key,
    });
    expect(replay.status).toBe(201);
    expect(replay.body.data.payment.id).toBe(answers[0].body.data.payment.id);

    const stored = await one<{ payments: number; movements: number; paid: number }>(
      `select (select count(*)::int from expense_payments where expense_line_id = $1) as payments,
              (select count(*)::int from treasury_movements m join expense_payments p on p.id = m.source_id
                where m.source_type = 'expense_payment' and p.expense_line_id = $1) as movements,
              (select amount_validated from expense_lines where id = $1) as paid`,
      [lineId],
    );
    expect(stored).toEqual({ payments: 1, movements: 1, paid: 12_000 });
  });

  it('stops a grant revoked on one process at once on the other', async () => {
    const fidele = await one<{ id: number; church_id: number }>(
      `select id, church_id from users where email = 'fidele@example.org'`,
    );
    const path = `/api/contributions?entity_type=CHURCH&entity_id=${fidele.church_id}&limit=5`;
    expect((await call('fidele@example.org', 'GET', path)).status).toBe(403);
    const grant = {
      user_id: fidele.id,
      permission: 'contribution:view',
      entity_type: 'CHURCH',
      entity_id: fidele.church_id,
    };
    const granted = await call('region@example.org', 'POST', '/api/permissions/grant', grant);
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    const grantedOn = lastBackend();
    expect((await call('fidele@example.org', 'GET', path)).status).toBe(200);
    expect(lastBackend()).not.toBe(grantedOn);
    expect((await call('fidele@example.org', 'GET', path)).status).toBe(200);

    const revoked = await call('region@example.org', 'POST', '/api/permissions/revoke', grant);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const revokedOn = lastBackend();
    const after = await call('fidele@example.org', 'GET', path);
    expect(lastBackend()).not.toBe(revokedOn);
    expect(after.status).toBe(403);
  });
});

describe.skipIf(!onPostgres)('two server processes starting together on an empty PostgreSQL', () => {
  it('migrate and seed it once', async () => {
    const build = compileServer();
    const database = await processDatabase('empty');
    const env = { ...database.env, SEED_DEMO: 'true' };
    let servers: ServerProcess[] = [];
    try {
      servers = await Promise.all([startServer(build.entry, env), startServer(build.entry, env)]);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const row = (
          await client.query<{ migrations: number; admins: number; roles: number; duplicates: number }>(
            `select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
                    (select count(*)::int from users where email = 'admin@example.org') as admins,
                    (select count(*)::int from roles) as roles,
                    (select count(*)::int from (select code from roles group by code having count(*) > 1) d) as duplicates`,
          )
        ).rows[0];
        expect(row.admins).toBe(1);
        expect(row.duplicates).toBe(0);
        expect(row.migrations).toBe(journal.entries.length);
      } finally {
        await client.end();
      }
      for (const server of servers) expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
      const output = servers.map((s) => s.output()).join('\n');
      expect(output.match(/Base vide : création des données de démonstration/g)).toHaveLength(1);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      build.remove();
      await database.drop();
    }
  }, 240_000);
});
