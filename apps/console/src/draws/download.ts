import { consoleDrawCalls } from '@site/contract/console';
import { ConsoleCallError, callUrl, csrfToken } from '../api/call';

export const DRAWS_KEY = ['console', 'draws'] as const;

/**
 * Exports an activity's winners (a POST: every export is audited, docs/adr/0049) and hands the
 * CSV to the browser as a download. The contact columns are as the role may see them.
 */
export async function downloadWinners(activityId: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(callUrl(consoleDrawCalls.exportWinners, { activityId }), {
      method: 'POST',
      headers: {
        accept: 'text/csv, application/json',
        'content-type': 'application/json',
        'x-csrf-token': csrfToken(),
      },
      body: '{}',
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
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `winners-${activityId}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
