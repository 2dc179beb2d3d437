import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleReportCalls, type ReportName } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { recordChange, type Actor } from '../audit/trail.js';
import { registerConsoleCall, SENT } from '../staff/console-calls.js';
import { drawCsv, revenueCsv, storedValueCsv, viewingCsv, voucherCsv } from './csv.js';
import { drawReport, voucherReport } from './marketing.js';
import { revenueReport } from './revenue.js';
import { storedValueReport, storedValueSnapshot } from './stored-value.js';
import { viewingReport } from './viewing.js';

/**
 * The console's report calls (issue 26 items 4 and 5, docs/adr/0054): read-only, each report
 * for the roles of REPORT_READERS. An export answers the same figures as CSV and is recorded in
 * the audit trail (who took which report for which period, how many rows), as the voucher serial
 * and draw winner exports are.
 */
export function registerReportConsoleCalls(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => number },
): void {
  const { db, clock } = deps;
  const calls = consoleReportCalls;

  async function send(
    reply: FastifyReply,
    actor: Actor,
    report: ReportName,
    period: string,
    csv: { text: string; rows: number },
  ): Promise<typeof SENT> {
    await recordChange(
      db,
      actor,
      {
        entity: 'report',
        entityId: `${report} ${period}`,
        before: null,
        after: { exported: csv.rows },
      },
      clock(),
    );
    const name = `report-${report}-${period.replaceAll(' ', '_')}.csv`;
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(csv.text);
    return SENT;
  }
  const span = (p: { from: string; to: string }) => `${p.from}..${p.to}`;

  registerConsoleCall(app, calls.revenue, (period) => revenueReport(db, period, clock()));
  registerConsoleCall(app, calls.exportRevenue, async (period, { actor, reply }) =>
    send(
      reply,
      actor,
      'revenue',
      span(period),
      revenueCsv(await revenueReport(db, period, clock())),
    ),
  );
  registerConsoleCall(app, calls.storedValue, () => storedValueSnapshot(db, clock()));
  registerConsoleCall(app, calls.exportStoredValue, async (_input, { actor, reply }) => {
    const report = await storedValueReport(db, clock());
    return send(reply, actor, 'stored-value', String(report.asOf), storedValueCsv(report));
  });
  registerConsoleCall(app, calls.vouchers, (period) => voucherReport(db, period));
  registerConsoleCall(app, calls.exportVouchers, async (period, { actor, reply }) =>
    send(reply, actor, 'vouchers', span(period), voucherCsv(await voucherReport(db, period))),
  );
  registerConsoleCall(app, calls.draws, (period) => drawReport(db, period));
  registerConsoleCall(app, calls.exportDraws, async (period, { actor, reply }) =>
    send(reply, actor, 'draws', span(period), drawCsv(await drawReport(db, period))),
  );
  registerConsoleCall(app, calls.viewing, (period) => viewingReport(db, period, clock()));
  registerConsoleCall(app, calls.exportViewing, async (period, { actor, reply }) =>
    send(
      reply,
      actor,
      'viewing',
      span(period),
      viewingCsv(await viewingReport(db, period, clock())),
    ),
  );
}
