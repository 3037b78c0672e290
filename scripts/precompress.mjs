// Precompressed copies of the built SPA: `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9)
// beside every text asset above 1 KB, written once at build time so that the server sends them by
// negotiation (@fastify/static `preCompressed`) without compressing anything per request.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes the .br and .gz of every compressible file of `dir`; answers what it wrote. */
export function precompress(dir) {
  let count = 0;
  let raw = 0;
  let br = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count++;
    raw += content.length;
    br += brotli.length;
  }
  return { count, raw, br };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist';
  const { count, raw, br } = precompress(dir);
  console.log(
    `[precompress] ${count} fichiers : ${(raw / 1024).toFixed(0)} Kio → ${(br / 1024).toFixed(0)} Kio (brotli)`,
  );
}
