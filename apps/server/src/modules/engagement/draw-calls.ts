import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleDrawCalls } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { registerConsoleCall, SENT } from '../staff/console-calls.js';
import { exportWinners, getActivity, listActivities, listWinners } from './console-draw-reads.js';
import { changeActivity, createActivity, deleteActivity } from './console-draws.js';

/**
 * The console's prize-draw calls (issue 25 item 7; docs/adr/0049): engagement owns the draw
 * tables, so it registers them. Marketing (and admin) change; the auditor and customer care read;
 * a winner's contact is unmasked for customer care and admin only. Every change and every export
 * is audited in its own transaction (console-draws.ts, console-draw-reads.ts).
 */
export function registerDrawConsoleCalls(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => number },
): void {
  const { db, clock } = deps;
  registerConsoleCall(app, consoleDrawCalls.listActivities, (query) =>
    listActivities(db, query, clock()),
  );
  registerConsoleCall(app, consoleDrawCalls.getActivity, async ({ activityId }) => ({
    activity: await getActivity(db, activityId, clock()),
  }));
  registerConsoleCall(app, consoleDrawCalls.createActivity, async (input, { actor }) => ({
    activity: await createActivity(db, actor, input, clock()),
  }));
  registerConsoleCall(
    app,
    consoleDrawCalls.changeActivity,
    async ({ activityId, ...input }, { actor }) => ({
      activity: await changeActivity(db, actor, activityId, input, clock()),
    }),
  );
  registerConsoleCall(app, consoleDrawCalls.deleteActivity, async ({ activityId }, { actor }) => {
    await deleteActivity(db, actor, activityId, clock());
    return { activityId };
  });
  registerConsoleCall(app, consoleDrawCalls.listWinners, ({ activityId }, { staff }) =>
    listWinners(db, activityId, staff.roles),
  );
  registerConsoleCall(
    app,
    consoleDrawCalls.exportWinners,
    async ({ activityId }, { actor, reply }) => {
      const csv = await exportWinners(db, actor, activityId, clock());
      await reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="winners-${activityId}.csv"`)
        .send(csv);
      return SENT;
    },
  );
}
