import { consoleVoucherCalls } from '@site/contract/console';
import { ConsoleCallError, callUrl, csrfToken } from '../api/call';

/**
 * Exports a batch's serials (a POST: the export is counted and audited) and hands the CSV to the
 * browser as a download. Answers which export this was (1: the first; more: a re-export).
 */
export async function downloadBatch(batchId: string, reExport: boolean): Promise<number> {
  let response: Response;
  try {
    response = await fetch(callUrl(consoleVoucherCalls.exportBatch, { batchId }), {
      method: 'POST',
      headers: {
        accept: 'text/csv, application/json',
        'content-type': 'application/json',
        'x-csrf-token': csrfToken(),
      },
      body: JSON.stringify({ reExport }),
      credentials: 'same-origin',
    });
  } catch {
    throw new ConsoleCallError(0, 'NETWORK', '無法連線到伺服器，請檢查網路後再試。');
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => undefined)) as
      { status?: { code?: string; message?: string } } | undefined;
    throw new ConsoleCallError(
      response.status,
      envelope?.status?.code ?? `HTTP_${response.status}`,
      envelope?.status?.message ?? `伺服器回應錯誤（${response.status}）。`,
    );
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `${batchId}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return Number(response.headers.get('x-export-number') ?? '1');
}
