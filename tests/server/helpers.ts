import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/src/app';
import type { Drawer } from '../../server/src/http/spa';
import { testConfig, type Config } from '../../server/src/config';
import { openDatabase, type Database, type Db } from '../../server/src/db/client';
import type { LoginLimits } from '../../server/src/modules/auth/routes';
import { DEMO_PASSWORD } from './fixtures';
import type { TemplateName } from './template';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** signs in and answers the Cookie header to send */
  login: (loginName: string, password?: string) => Promise<string>;
  /** app.inject with the cookie of `loginName` */
  as: (loginName: string, options: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

const dumpCache = new Map<string, Promise<Buffer>>();

async function openTestDatabase(
  template: TemplateName,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const info = inject('serverTestDb');
  if (info.kind === 'pglite') {
    const file = info.dumps[template];
    if (!dumpCache.has(file)) dumpCache.set(file, readFile(file));
    const dump = await dumpCache.get(file)!;
    const client = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(dump)]) });
    return { database: await openDatabase({ pglite: client }), drop: async () => {} };
  }
  const name = `server_test_copy_${info.runId}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  try {
    // Copies of one template can collide when files start together: retry a few times.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${info.templates[template]}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(info.url);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ databaseUrl: url.toString() }),
    drop: async () => {
      const client = new pg.Client({ connectionString: info.url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A cookie header from a light-my-request answer's Set-Cookie. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export async function createTestApp(
  options: {
    template?: TemplateName;
    config?: Partial<Config>;
    loginLimits?: LoginLimits;
    drawer?: Drawer | null;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase(options.template ?? 'demo');
  const app = await buildApp({
    database,
    config: testConfig(options.config),
    loginLimits: options.loginLimits,
    drawer: options.drawer,
  });
  // one sign-in per account, shared by concurrent calls (parallel sign-ins of one account take places
  // under its limit: 20 at once would be refused, decision 0041)
  const cookies = new Map<string, Promise<string>>();

  const login = async (loginName: string, password = DEMO_PASSWORD) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: loginName, password },
    });
    if (response.statusCode !== 200) {
      throw new Error(`login ${loginName} failed: ${response.statusCode} ${response.body}`);
    }
    return cookieHeader(response);
  };

  return {
    app,
    db: database.db,
    database,
    login,
    as: async (loginName, injectOptions) => {
      if (!cookies.has(loginName)) {
        const signingIn = login(loginName);
        cookies.set(loginName, signingIn);
        signingIn.catch(() => cookies.delete(loginName)); // a refused sign-in is tried again next time
      }
      const cookie = await cookies.get(loginName)!;
      return app.inject({
        ...injectOptions,
        headers: { ...(injectOptions.headers ?? {}), cookie },
      } as InjectOptions);
    },
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
