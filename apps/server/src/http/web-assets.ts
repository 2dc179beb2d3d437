import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built web app's hashed files: safe to cache for a year, their names change with content.
 * Text files were compressed at build time (apps/web/build/precompress.ts: `.br` and `.gz` beside
 * each); the variant the request accepts is sent, never compressed again per request.
 */
export async function registerWebAssets(app: FastifyInstance, webDistDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(webDistDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    setHeaders: (res) => res.setHeader('vary', 'accept-encoding'),
  });
}
