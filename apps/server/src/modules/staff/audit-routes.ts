import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleAuditCalls } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AUDIT_CSV_HEADER, auditCsvRow, csvCell } from '../audit/csv.js';
import { auditEntries, searchAudit } from '../audit/trail.js';
import { registerConsoleCall, SENT } from './console-calls.js';

/**
 * The audit trail in the console: search and CSV export (admin, auditor). The trail is what staff
 * did, so its console calls sit with staff; the audit module below keeps the table and its reads.
 */
export function registerAuditConsoleRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  registerConsoleCall(app, consoleAuditCalls.search, async ({ page, pageSize, ...filter }) => {
    const { entries, total } = await searchAudit(db, filter, page, pageSize);
    return { entries, total, page, pageSize };
  });

  registerConsoleCall(app, consoleAuditCalls.exportCsv, async (filter, { reply }) => {
    async function* lines() {
      // The BOM lets Excel read the Chinese as UTF-8.
      yield `\uFEFF${AUDIT_CSV_HEADER.map(csvCell).join(',')}\r\n`;
      for await (const entry of auditEntries(db, filter)) yield `${auditCsvRow(entry)}\r\n`;
    }
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit.csv"');
    await reply.send(Readable.from(lines()));
    return SENT;
  });
}
