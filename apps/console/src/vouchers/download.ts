import { consoleVoucherCalls } from '@site/contract/console';
import { callUrl } from '../api/call';
import { downloadExport } from '../api/download';

/**
 * Exports a batch's serials (the export is counted and audited) as a download. Answers which
 * export this was (1: the first; more: a re-export).
 */
export async function downloadBatch(batchId: string, reExport: boolean): Promise<number> {
  const url = callUrl(consoleVoucherCalls.exportBatch, { batchId });
  const response = await downloadExport(url, { reExport }, `${batchId}.csv`);
  return Number(response.headers.get('x-export-number') ?? '1');
}
