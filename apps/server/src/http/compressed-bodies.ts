import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD_BYTES, GZIP_OPTIONS } from './compression.js';

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** How many bodies' compressed bytes are kept per encoding (oldest dropped first). */
const KEPT = 512;
const kept: Record<Encoding, Map<string, Buffer>> = { br: new Map(), gzip: new Map() };

const compress: Record<Encoding, (body: string) => Buffer> = {
  br: (body) => zlib.brotliCompressSync(body, BROTLI_OPTIONS),
  gzip: (body) => zlib.gzipSync(body, GZIP_OPTIONS),
};

/**
 * The body compressed in the encoding the client accepts, or null to send it as it is (too
 * small, or nothing accepted). Read caches return the very same string while it is fresh; V8
 * keeps a string's hash with it, so finding its bytes here costs a map lookup, and a cached
 * catalogue page is compressed once, not once per request (issue 28 item 1: bench catalogue-list
 * reports the figures with and without Accept-Encoding).
 */
export function compressedBody(
  acceptEncoding: string | undefined,
  body: string,
): { encoding: Encoding; bytes: Buffer } | null {
  if (!acceptEncoding || body.length < COMPRESS_THRESHOLD_BYTES) return null;
  const encoding = negotiate(acceptEncoding, ENCODINGS) as Encoding | undefined;
  if (!encoding) return null;
  const store = kept[encoding];
  let bytes = store.get(body);
  if (!bytes) {
    bytes = compress[encoding](body);
    if (store.size >= KEPT) store.delete(store.keys().next().value!);
    store.set(body, bytes);
  }
  return { encoding, bytes };
}
