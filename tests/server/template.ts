import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Database } from '../../server/src/db/client';
import { runMigrations } from '../../server/src/db/client';
import { installDbFunctions } from '../../server/src/db/functions';
import { seedReferenceData } from '../../server/src/db/reference-data';
import { seedFixture } from './fixtures';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEMO_SEED = path.join(ROOT, 'server/src/db/seed/demo.ts');

/** Which data set a test database starts from. */
export type TemplateName = 'demo' | 'fixture';

export type TestDbInfo =
  | { kind: 'pglite'; dumps: Record<TemplateName, string> }
  | { kind: 'postgres'; url: string; templates: Record<TemplateName, string>; runId: string };

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestDb: TestDbInfo;
  }
}

/**
 * True when the demo seed exists; until then the demo template is the fixture.
 * SERVER_TESTS_FIXTURE_ONLY=1 uses the fixture for both (quick focused runs).
 */
export function hasDemoSeed(): boolean {
  return process.env.SERVER_TESTS_FIXTURE_ONLY !== '1' && existsSync(DEMO_SEED);
}

/** Migrations, reference data, then the demo seed (or the fixture) or the fixture alone. */
export async function buildTemplate(database: Database, name: TemplateName): Promise<void> {
  await runMigrations(database);
  await seedReferenceData(database.db);
  await installDbFunctions(database.db);
  if (name === 'demo' && hasDemoSeed()) {
    const module = (await import(pathToFileURL(DEMO_SEED).href)) as {
      seedDemo: (
        db: Database['db'],
        opts?: { large?: boolean; log?: (line: string) => void },
      ) => Promise<void>;
    };
    await module.seedDemo(database.db);
  } else {
    await seedFixture(database.db);
  }
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/** The file a relative import names ('./seed/demo', '../schema' for its index.ts), or null. */
function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/**
 * `entries` and every file they import, directly or not, through relative imports: the seeds run code
 * of contract/, server/src/modules/ (payroll, closings) and more, which shapes the data they write.
 */
function importClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const imported = resolveImport(file, match[1]);
      if (imported) visit(imported);
    }
  };
  entries.forEach(visit);
  return [...seen];
}

/** A hash of everything that shapes a template: a cached dump is reused while it matches. */
export function templateHash(): string {
  const hash = createHash('sha256');
  hash.update(hasDemoSeed() ? 'demo' : 'fixture-only');
  const thisFile = fileURLToPath(import.meta.url);
  const files = new Set([
    // the migrations are read from their folder, not imported
    ...listFiles(path.join(ROOT, 'server/src/db')),
    ...listFiles(path.join(ROOT, 'server/src/permissions')),
    ...listFiles(path.join(ROOT, 'server/src/auth')),
    ...importClosure([thisFile, ...(hasDemoSeed() ? [DEMO_SEED] : [])]),
  ]);
  for (const file of [...files].sort()) {
    hash.update(path.relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}
