import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleCareActionCalls as calls } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import { careAccess, revokeSessions, unlockKidPin } from './care-actions.js';

/**
 * Customer care's calls on a member's access (issue 26 item 2, docs/adr/0053): the accounts
 * module owns sessions and the kid PIN's throttle, so it registers them.
 */
export function registerCareAccessCalls(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => number },
): void {
  const { db, clock } = deps;

  registerConsoleCall(app, calls.getAccess, async ({ accountId }) =>
    careAccess(db, accountId, clock()),
  );

  registerConsoleCall(
    app,
    calls.revokeSession,
    async ({ accountId, sessionId, reason }, { actor }) => ({
      revoked: await revokeSessions(db, actor, { accountId, sessionId, reason }, clock()),
    }),
  );

  registerConsoleCall(app, calls.revokeAllSessions, async ({ accountId, reason }, { actor }) => ({
    revoked: await revokeSessions(db, actor, { accountId, sessionId: null, reason }, clock()),
  }));

  registerConsoleCall(app, calls.unlockKidPin, async ({ accountId, reason }, { actor }) => ({
    wasLocked: await unlockKidPin(db, actor, { accountId, reason }, clock()),
  }));
}
