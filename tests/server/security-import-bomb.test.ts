import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';
import {
  deflatedEntry,
  inlineRow,
  mebibytesOf,
  repeatedEntry,
  SHEET_HEAD,
  SHEET_TAIL,
  workbookEntries,
  zip,
} from './zip-bomb';

/**
 * Issue 27, hole 3: a 300 KB .xlsx inflating to 300 MB held the server 17.5 s at 1.14 GB and stalled
 * /api/health 11 s (three at once: 71 s, 1.84 GB): the whole workbook was read before the row limit.
 * The sheet is now read as a stream, with limits on the inflated size and on the rows checked while
 * reading: such a file answers 400 in French in under 2 s, the server's memory grows by less than
 * 100 MB, and /api/health keeps answering within 100 ms meanwhile. The bombs are built here.
 */
let t: TestApp;
let church: number;
beforeAll(async () => {
  t = await createTestApp();
  church = Number(
    (await queryOne<{ id: number }>(
      t.db,
      sql`select ra.group_id as id from users u join role_assignments ra on ra.user_id = u.id
          and ra."group" = 'churches' where u.email = 'pasteur@example.org' limit 1`,
    ))!.id,
  );
  // warm up: the sign-in and the first reading of a spreadsheet are not part of the measures
  await t.login('pasteur@example.org');
  const warm = zip([
    ...workbookEntries(),
    deflatedEntry(
      'xl/worksheets/sheet1.xml',
      SHEET_HEAD + HEADER_ROW + inlineRow(['A', 'B', '']) + SHEET_TAIL,
    ),
  ]);
  expect((await preview(warm)).statusCode).toBe(200);
});
afterAll(() => t.close());

const MIB = 1024 * 1024;

function multipart(name: string, content: Buffer) {
  const boundary = '----bomb' + Math.random().toString(16).slice(2);
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const preview = (content: Buffer, name = 'fideles.xlsx') => {
  const body = multipart(name, content);
  return t.as('pasteur@example.org', {
    method: 'POST',
    url: `/api/users/faithful/imports?church_id=${church}&dry_run=true`,
    payload: body.payload,
    headers: body.headers,
  });
};

type Measure = {
  answers: LightMyRequestResponse[];
  ms: number;
  /** peak resident memory above the start, in MiB */
  memoryMib: number;
  /** /api/health meanwhile: each probe's time from when it was due (its timer's lateness included), ms */
  health: { calls: number; median: number; p95: number; max: number };
  /** the longest the event loop was held, in ms */
  loopMs: number;
  /** CPU time the process spent meanwhile (every thread: the inflater works in the thread pool), ms */
  cpuMs: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the files at once, probing /api/health every 10 ms and sampling the memory until they answer.
 * A probe's latency counts from when it was due: a held event loop delays it even between calls.
 */
async function measure(files: Buffer[]): Promise<Measure> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  let done = false;
  const latencies: number[] = [];
  const probe = (async () => {
    while (!done) {
      const due = performance.now() + 10;
      await sleep(10);
      const answer = await t.app.inject({ url: '/api/health' });
      expect(answer.statusCode).toBe(200);
      latencies.push(performance.now() - due);
    }
  })();
  loop.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answers = await Promise.all(files.map((file) => preview(file)));
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  done = true;
  await probe;
  loop.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    answers,
    ms,
    memoryMib: (peak - base) / MIB,
    health: { calls: sorted.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 },
    loopMs: loop.max / 1e6,
    cpuMs: (used.user + used.system) / 1000,
  };
}

function report(label: string, m: Measure) {
  const r = Math.round;
  console.log(
    `[hole 3] ${label}: ${m.answers.map((a) => a.statusCode).join(', ')} in ${r(m.ms)} ms, ` +
      `CPU ${r(m.cpuMs)} ms, memory +${r(m.memoryMib)} MiB, /api/health (${m.health.calls} calls) median ${r(m.health.median)} ms, ` +
      `p95 ${r(m.health.p95)} ms, max ${r(m.health.max)} ms; event loop held at most ${r(m.loopMs)} ms`,
  );
}

/**
 * What the brief asks of a bomb: refused in under 2 s, less than 100 MB more memory, and /api/health
 * answering within 100 ms meanwhile (95 % of the probes).
 */
const harmless = (m: Measure, seconds = 2) =>
  m.ms < seconds * 1000 && m.memoryMib < 100 && m.health.p95 < 100;

/**
 * Measures up to three times, until a run is harmless: the machine the tests run on is shared, and
 * another process taking the cores shows as a slow run; code that holds the server fails every run.
 * `check` is asked of every run.
 */
async function bestOfThree(
  label: string,
  files: () => Buffer[],
  check: (m: Measure) => void,
  seconds = 2,
): Promise<Measure[]> {
  const runs: Measure[] = [];
  for (let i = 0; i < 3; i++) {
    const m = await measure(files());
    report(`${label} (run ${i + 1})`, m);
    check(m);
    runs.push(m);
    if (harmless(m, seconds)) break;
  }
  const best = runs.find((m) => harmless(m, seconds)) ?? runs[runs.length - 1];
  expect(best.ms).toBeLessThan(seconds * 1000);
  expect(best.memoryMib).toBeLessThan(100);
  expect(best.health.p95).toBeLessThan(100);
  return runs;
}

const HEADER_ROW = inlineRow(['Prénom', 'Nom', 'Téléphone']);

/** About 300 KiB inflating to 300 MiB: the sheet's header row, then blanks. */
function paddingBomb(): Buffer {
  return zip([
    ...workbookEntries(),
    repeatedEntry('xl/worksheets/sheet1.xml', SHEET_HEAD + HEADER_ROW, mebibytesOf(' '), 300, SHEET_TAIL),
  ]);
}

/** About 1.2 MiB inflating to 300 MiB of rows (inline strings). */
function rowsBomb(): Buffer {
  return zip([
    ...workbookEntries(),
    repeatedEntry(
      'xl/worksheets/sheet1.xml',
      SHEET_HEAD + HEADER_ROW,
      mebibytesOf(inlineRow(['Awa', 'Koné', ''])),
      300,
      SHEET_TAIL,
    ),
  ]);
}

/** About 300 KiB inflating to 300 MiB in one shared string. */
function stringsBomb(): Buffer {
  return zip([
    ...workbookEntries({ sharedStrings: true }),
    repeatedEntry(
      'xl/sharedStrings.xml',
      '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>',
      mebibytesOf('A'),
      300,
      '</t></si></sst>',
    ),
    deflatedEntry('xl/worksheets/sheet1.xml', SHEET_HEAD + HEADER_ROW + SHEET_TAIL),
  ]);
}

function expectRefused(answer: LightMyRequestResponse, message: RegExp) {
  expect(answer.statusCode, answer.body).toBe(400);
  expect(answer.json().message).toMatch(/^E_HTTP_EXCEPTION: /);
  expect(answer.json().message).toMatch(message);
}

describe('XLSX import: a zip bomb is refused while reading (issue 27, hole 3)', () => {
  it('the 300 KB file inflating to 300 MB: 400 in French under 2 s, < 100 MB more memory, health within 100 ms', async () => {
    expect(paddingBomb().length).toBeLessThan(400 * 1024);
    await bestOfThree(
      `padding bomb of ${Math.round(paddingBomb().length / 1024)} KiB`,
      () => [paddingBomb()],
      (m) => expectRefused(m.answers[0], /décompressé dépasse 16 Mo/),
    );
  });

  it('300 MB of rows, or of one shared string: refused on the rows, or on the inflated size', async () => {
    await bestOfThree(
      `rows bomb of ${Math.round(rowsBomb().length / 1024)} KiB`,
      () => [rowsBomb()],
      (m) => expectRefused(m.answers[0], /plus de 5000 lignes/),
    );
    await bestOfThree(
      `shared strings bomb of ${Math.round(stringsBomb().length / 1024)} KiB`,
      () => [stringsBomb()],
      (m) => expectRefused(m.answers[0], /décompressé dépasse 16 Mo/),
    );
  });

  it('three bombs at once: each refused, the server stays responsive', async () => {
    // three bombs read at once share the process: the three within 4 s
    await bestOfThree(
      'three bombs at once',
      () => [paddingBomb(), rowsBomb(), stringsBomb()],
      (m) => {
        expectRefused(m.answers[0], /décompressé/);
        expectRefused(m.answers[1], /plus de 5000 lignes/);
        expectRefused(m.answers[2], /décompressé/);
      },
      4,
    );
  });

  it('a bomb in an entry the import never reads costs nothing', async () => {
    const file = () =>
      zip([
        ...workbookEntries(),
        deflatedEntry(
          'xl/worksheets/sheet1.xml',
          SHEET_HEAD + HEADER_ROW + inlineRow(['Awa', 'Koné', '0102030405']) + SHEET_TAIL,
        ),
        repeatedEntry('xl/media/image1.png', '', mebibytesOf('\u0000'), 300, ''),
      ]);
    await bestOfThree(
      'bomb in an unread entry',
      () => [file()],
      (m) => {
        expect(m.answers[0].statusCode, m.answers[0].body).toBe(200);
        expect(m.answers[0].json()).toMatchObject({ total_rows: 1, valid_rows: 1 });
      },
    );
  });

  it('a legitimate workbook of 5000 rows written by ExcelJS is read whole', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Fidèles');
    sheet.addRow([
      'Prénom',
      'Nom',
      'Téléphone',
      'Email',
      'Matricule',
      'Sexe',
      'Date de naissance',
      'Adresse',
    ]);
    for (let i = 0; i < 5000; i++)
      sheet.addRow([
        `Prénom${i}`,
        `Bombe${i}`,
        null,
        `bombe.${i}@exemple.test`,
        null,
        i % 2 ? 'F' : 'M',
        new Date(Date.UTC(1980, 0, 1 + i)),
        `Quartier ${i % 50}, Abidjan`,
      ]);
    const m = await measure([Buffer.from(await book.xlsx.writeBuffer())]);
    report('a legitimate workbook of 5000 rows', m);
    expect(m.answers[0].statusCode, m.answers[0].body.slice(0, 300)).toBe(200);
    const report5000 = m.answers[0].json() as { total_rows: number; rows: { birth_date: string | null }[] };
    expect(report5000.total_rows).toBe(5000);
    expect(report5000.rows[0].birth_date).toBe('1980-01-01');
    expect(report5000.rows[4999].birth_date).toBe('1993-09-08');
  });
});
