import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleMessageCalls } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import {
  cancelMessage,
  changeAnnouncement,
  createAnnouncement,
  listAnnouncements,
  listMessages,
  sendMessage,
} from './console-messages.js';

/**
 * The console's message and announcement calls (issue 25 item 8; docs/adr/0046): engagement owns
 * the inbox and the announcements, so it registers them. Every change is audited in its own
 * transaction (console-messages.ts).
 */
export function registerEngagementConsoleCalls(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => number },
): void {
  const { db, clock } = deps;
  registerConsoleCall(app, consoleMessageCalls.listMessages, (query) =>
    listMessages(db, query, clock()),
  );
  registerConsoleCall(app, consoleMessageCalls.sendMessage, async (input, { actor }) => ({
    message: await sendMessage(db, actor, input, clock()),
  }));
  registerConsoleCall(app, consoleMessageCalls.cancelMessage, async ({ msgId }, { actor }) => {
    await cancelMessage(db, actor, msgId, clock());
    return { msgId };
  });
  registerConsoleCall(app, consoleMessageCalls.listAnnouncements, async () => ({
    announcements: await listAnnouncements(db, clock()),
  }));
  registerConsoleCall(app, consoleMessageCalls.createAnnouncement, async (input, { actor }) => ({
    announcement: await createAnnouncement(db, actor, input, clock()),
  }));
  registerConsoleCall(
    app,
    consoleMessageCalls.changeAnnouncement,
    async ({ announceId, ...input }, { actor }) => ({
      announcement: await changeAnnouncement(db, actor, announceId, input, clock()),
    }),
  );
}
