import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Answers up to this size are compressed in one synchronous call (about 1 ms for 50 KB at brotli
 * quality 4) rather than through a zlib stream: the stream hands each chunk to libuv's thread pool and
 * back, which on a busy 2-core machine cost a few milliseconds more than the compression itself (a page
 * of the treasury journal; decision 0034). Larger answers (a whole period of a journal) stream.
 */
export const SYNC_COMPRESSION_MAX = 256 * 1024;

/**
 * Compression of the API's answers (decision 0016), registered inside the /api scope only: the built
 * SPA's files are compressed once at build time and served as they are (server/src/http/spa.ts).
 *
 * - brotli (quality 4: a dynamic answer is compressed at every request; 11 costs ~30x more CPU for a
 *   few per cent) or gzip, by the request's Accept-Encoding; never zstd, whose support would depend on
 *   the Node version of the machine;
 * - JSON and text answers of at least COMPRESSION_THRESHOLD bytes, in one call up to
 *   SYNC_COMPRESSION_MAX bytes, streamed above; files that are compressed already
 *   (PDF, images, xlsx) are left alone, and a streamed answer stays a stream;
 * - request bodies are never decompressed (Content-Encoding on a request is not accepted: no zip bomb
 *   through an upload).
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    syncThreshold: SYNC_COMPRESSION_MAX,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // the default list without octet-stream: a downloaded file is not compressed on the fly
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/u,
  });
}

/** How much the request accepts `coding` (its q value; 0 when absent or refused). */
function accepts(header: string, coding: string): number {
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== coding && name.trim() !== '*') continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)).find(Boolean);
    return q ? Number(q[1]) : 1;
  }
  return 0;
}

/**
 * A page built for one request (a member's drawn first screen, decision 0037), compressed as the API's
 * answers are: the route-less SPA fallback is outside the plugin's reach. Brotli (quality 4), else gzip,
 * else as it is.
 */
export function compressPage(
  request: FastifyRequest,
  body: string,
): { payload: string | Buffer; encoding: 'br' | 'gzip' | null } {
  const header = String(request.headers['accept-encoding'] ?? '');
  if (Buffer.byteLength(body) < COMPRESSION_THRESHOLD || !header) return { payload: body, encoding: null };
  if (accepts(header, 'br') > 0) {
    return {
      payload: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
      encoding: 'br',
    };
  }
  if (accepts(header, 'gzip') > 0) return { payload: gzipSync(body), encoding: 'gzip' };
  return { payload: body, encoding: null };
}
