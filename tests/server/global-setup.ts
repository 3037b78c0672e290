import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client';
import { buildTemplate, ROOT, templateHash, type TemplateName, type TestDbInfo } from './template';

const TEMPLATES: TemplateName[] = ['demo', 'fixture'];
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/server-test-templates');

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** PGlite: one dump per template, cached across runs while the schema, seeds and fixture are unchanged. */
async function pgliteTemplates(): Promise<TestDbInfo> {
  const hash = templateHash();
  mkdirSync(CACHE_DIR, { recursive: true });
  const dumps = {} as Record<TemplateName, string>;
  for (const name of TEMPLATES) {
    const file = path.join(CACHE_DIR, `${name}-${hash}.tar`);
    dumps[name] = file;
    if (existsSync(file)) {
      // A dump in use is never stale: another checkout's run cleans only dumps unused for an hour.
      const now = new Date();
      utimesSync(file, now, now);
      continue;
    }
    const started = Date.now();
    const client = await PGlite.create();
    try {
      await buildTemplate(await openDatabase({ pglite: client }), name);
      const dump = await client.dumpDataDir('none');
      // Written then renamed: a run starting meanwhile never reads half a dump.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await client.close();
    }
    console.log(`[server tests] built the ${name} template in ${Date.now() - started} ms`);
  }
  // Dumps that no longer match, once stale (another run may be using its own at the same time).
  for (const entry of readdirSync(CACHE_DIR)) {
    const file = path.join(CACHE_DIR, entry);
    if (!entry.includes(hash) && Date.now() - statSync(file).mtimeMs > 3600_000)
      rmSync(file, { force: true });
  }
  return { kind: 'pglite', dumps };
}

/** PostgreSQL: one template database per data set; each test file copies one (CREATE DATABASE ... TEMPLATE). */
async function postgresTemplates(url: string): Promise<{ info: TestDbInfo; teardown: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const templates = {} as Record<TemplateName, string>;
  for (const name of TEMPLATES) {
    const database = `server_test_tpl_${name}_${process.pid}`;
    templates[name] = database;
    await admin.query(`drop database if exists ${database}`);
    await admin.query(`create database ${database}`);
    const opened = await openDatabase({ databaseUrl: withDatabase(url, database) });
    try {
      await buildTemplate(opened, name);
    } finally {
      await opened.close();
    }
  }
  await admin.end();
  return {
    info: { kind: 'postgres', url, templates, runId: String(process.pid) },
    teardown: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const copies = await client.query<{ datname: string }>(
        `select datname from pg_database where datname ~ '^server_test_(tpl_[a-z]+_${process.pid}|copy_${process.pid}_[0-9a-f]+)$'`,
      );
      for (const row of copies.rows)
        await client.query(`drop database if exists ${row.datname} with (force)`);
      await client.end();
    },
  };
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const { info, teardown } = await postgresTemplates(url);
    project.provide('serverTestDb', info);
    return teardown;
  }
  project.provide('serverTestDb', await pgliteTemplates());
  return undefined;
}
