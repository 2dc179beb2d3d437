import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Readiness } from '@site/contract';
import { migrationsApplied, type DatabaseHandle } from '../db/index.js';

/** /healthz: the process answers. /readyz: the database answers and every migration has run. */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const readiness: Readiness = { status: 'not-ready', database: 'down', migrations: 'pending' };
    try {
      await sql`select 1`.execute(database.db);
      readiness.database = 'up';
      if (await migrationsApplied(database)) readiness.migrations = 'applied';
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
    }
    if (readiness.database === 'up' && readiness.migrations === 'applied')
      readiness.status = 'ready';
    return reply
      .code(readiness.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(readiness);
  });
}
