import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/index.js';

/**
 * Stops taking connections, lets in-flight requests finish (up to `graceMs`), then closes the
 * database and exits. Returns the function main wires to SIGTERM and SIGINT.
 */
export function gracefulShutdown(
  app: FastifyInstance,
  database: DatabaseHandle,
  graceMs: number,
  exit: (code: number) => void = (code) => process.exit(code),
): (signal: string) => Promise<void> {
  let stopping = false;
  return async (signal) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error({ graceMs }, 'in-flight requests did not finish in time; exiting');
      exit(1);
    }, graceMs);
    timer.unref();
    try {
      await app.close();
      await database.close();
      app.log.info('shut down cleanly');
      clearTimeout(timer);
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
}
