import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleWordingCalls } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import { listWording, setWording } from './console-wording.js';

/**
 * The console's wording calls (issue 25 item 9, docs/adr/0051): site-content owns the wording
 * table, so it registers them. Marketing (and admin) change and undo; the auditor reads.
 */
export function registerWordingConsoleCalls(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => number },
): void {
  const { db, clock } = deps;
  registerConsoleCall(app, consoleWordingCalls.list, async () => listWording(db));
  registerConsoleCall(
    app,
    consoleWordingCalls.change,
    async ({ code, text, version }, { actor }) => ({
      entry: await setWording(db, actor, code, { text }, version, clock()),
    }),
  );
  registerConsoleCall(
    app,
    consoleWordingCalls.revert,
    async ({ code, to, version }, { actor }) => ({
      entry: await setWording(db, actor, code, { to }, version, clock()),
    }),
  );
}
