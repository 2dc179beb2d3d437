import { consoleDrawCalls } from '@site/contract/console';
import { callUrl } from '../api/call';
import { downloadExport } from '../api/download';

export const DRAWS_KEY = ['console', 'draws'] as const;

/**
 * Exports an activity's winners (every export is audited, docs/adr/0049) as a download; the
 * contact columns are as the role may see them.
 */
export async function downloadWinners(activityId: string): Promise<void> {
  const url = callUrl(consoleDrawCalls.exportWinners, { activityId });
  await downloadExport(url, {}, `winners-${activityId}.csv`);
}
