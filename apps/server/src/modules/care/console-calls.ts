import type { FastifyInstance } from 'fastify';
import { consoleCareCalls } from '@site/contract/console';
import { registerConsoleCall } from '../staff/console-calls.js';
import { memberFile, memberLedger, memberOrders, type CareDeps } from './member-file.js';
import { searchMembers } from './member-search.js';

/**
 * Customer care's reading calls (issue 26 item 1; docs/adr/0052): find a member, read the file,
 * page its orders and ledger. Customer care, finance and the auditor (and admin) read; each call
 * is audited (member-search.ts, member-file.ts).
 */
export function registerCareConsoleCalls(
  app: FastifyInstance,
  deps: CareDeps & { clock: () => number },
): void {
  const { clock } = deps;
  registerConsoleCall(app, consoleCareCalls.searchMembers, (query, { actor }) =>
    searchMembers(deps.db, actor, query, clock()),
  );
  registerConsoleCall(app, consoleCareCalls.getMemberFile, async ({ accountId }, { actor }) => ({
    file: await memberFile(deps, actor, accountId, clock()),
  }));
  registerConsoleCall(
    app,
    consoleCareCalls.listMemberOrders,
    async ({ accountId, page }, { actor }) => ({
      orders: await memberOrders(deps, actor, accountId, page, clock()),
    }),
  );
  registerConsoleCall(
    app,
    consoleCareCalls.listMemberLedger,
    async ({ accountId, page }, { actor }) => ({
      ledger: await memberLedger(deps, actor, accountId, page, clock()),
    }),
  );
}
