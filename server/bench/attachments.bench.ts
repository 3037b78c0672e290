/**
 * Attachments in the database (decision 0044): a 5 MB PDF stored and read back through the storage of
 * the attachments module (the pieces the upload route writes as the multipart stream arrives, and the
 * stream the download route sends), on PGlite (a fresh in-memory database) and on PostgreSQL when
 * DATABASE_URL is set (a scratch table's rows are removed after).
 *
 *   npx tsx server/bench/attachments.bench.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx server/bench/attachments.bench.ts
 *
 * Printed per database and file size (1, 5 and 9 MB): the median time to store and to read, and the peak
 * resident memory above the start of each step (sampled every 5 ms): flat, whatever the size, when the
 * file streams a piece at a time.
 */
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, runMigrations, type Database } from '../src/db/client';
import { removeStoredFiles, saveFile, storedFile } from '../src/modules/attachments/storage';

const RUNS = 3;
const SIZES_MB = [1, 5, 9];

/** A PDF of `bytes` generated 64 KB at a time, never whole in memory. */
async function* pdf(bytes: number): AsyncGenerator<Buffer> {
  const piece = Buffer.alloc(64 * 1024, 0x41);
  Buffer.from('%PDF-1.7\n').copy(piece);
  let sent = 0;
  while (sent < bytes) {
    const next = Math.min(piece.length, bytes - sent);
    yield next === piece.length ? Buffer.from(piece) : piece.subarray(0, next);
    piece.fill(0x42, 0, 9);
    sent += next;
  }
}

async function peakDuring<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, peakMb: (peak - base) / 1024 / 1024 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function bench(name: string, database: Database): Promise<void> {
  await runMigrations(database);
  for (const mb of SIZES_MB) {
    const bytes = mb * 1024 * 1024;
    const store: number[] = [];
    const read: number[] = [];
    const storePeak: number[] = [];
    const readPeak: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const saved = await peakDuring(() =>
        saveFile(database.db, { filename: 'facture.pdf', file: pdf(bytes) }),
      );
      store.push(saved.ms);
      storePeak.push(saved.peakMb);
      const file = await storedFile(database.db, saved.result.storedName);
      const streamed = await peakDuring(async () => {
        let total = 0;
        for await (const chunk of file!.stream()) total += (chunk as Buffer).length;
        return total;
      });
      if (streamed.result !== bytes) throw new Error(`lu ${streamed.result} octets sur ${bytes}`);
      read.push(streamed.ms);
      readPeak.push(streamed.peakMb);
      await removeStoredFiles(database.db, [saved.result.storedName]);
    }
    console.log(
      `${name.padEnd(10)} ${String(mb).padStart(2)} Mo : écriture ${median(store).toFixed(0).padStart(5)} ms ` +
        `(RSS +${Math.max(...storePeak).toFixed(1)} Mo), lecture ${median(read).toFixed(0).padStart(5)} ms ` +
        `(RSS +${Math.max(...readPeak).toFixed(1)} Mo)`,
    );
  }
}

async function main() {
  console.log(
    `Node ${process.version}, RSS au départ ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} Mo`,
  );
  const pglite = await openDatabase({ pglite: await PGlite.create() });
  try {
    await bench('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  if (process.env.DATABASE_URL) {
    const postgres = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
    try {
      await bench('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
