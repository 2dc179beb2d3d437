import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The least a file route can do, as a benchmark's ceiling: resolve under `root`, stat (for
 * content-length, as any static server sends it), stream. No caching headers, ETag, ranges or
 * MIME lookup.
 */
export function registerBareFileRoute(app: FastifyInstance, prefix: string, root: string): void {
  const base = path.resolve(root);
  app.get(`${prefix}*`, async (request, reply) => {
    const file = path.join(base, (request.params as { '*': string })['*']);
    if (!file.startsWith(base + path.sep)) return reply.code(404).send();
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return reply.code(404).send();
    reply.header('content-length', stat.size).type('application/octet-stream');
    return reply.send(fs.createReadStream(file));
  });
}
