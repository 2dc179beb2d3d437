import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text worth compressing (issue 28 item 1): HTML, JSON, scripts and styles, playlists, captions,
 * XML (VAST, XMLTV), SVG. Not video segments, images or content keys (octet-stream): they are
 * already dense, and a key must leave byte for byte.
 */
export const COMPRESSIBLE_TYPES =
  /^(?:text\/|image\/svg\+xml|application\/(?:json|javascript|xml|vnd\.apple\.mpegurl|x-mpegurl|[\w.-]+\+(?:json|xml)))/;

/** Replies smaller than this go as they are: compressing them saves less than a packet. */
export const COMPRESS_THRESHOLD_BYTES = 1400;

export const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  },
};
export const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

/**
 * Compresses dynamic replies the client accepts compressed (br, then gzip), with `Vary:
 * Accept-Encoding`. Brotli at quality 4: within a few percent of gzip's CPU for a smaller body
 * (bench catalogue-list measures it). The built assets are compressed once at build time instead
 * (web-assets.ts), and read-cached JSON once per cached body (compressed-bodies.ts), so this
 * never runs on them. Registered before any route, since it attaches to
 * routes as they are added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}
