import {
  QOE_REBUFFER_RATIO_LINE,
  QOE_START_P50_LINE_MS,
  consoleQoeCalls,
} from '@site/contract/console';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/call';
import { Alert } from '../ui/Alert';
import { percent, seconds } from './format';

/** The last 15 minutes against the lines, asked again every minute (docs/adr/0055). */
export function QoeAlertBanner() {
  const alert = useQuery({
    queryKey: ['console', 'qoe', 'alert'],
    queryFn: () => call(consoleQoeCalls.alert, {}),
    refetchInterval: 60_000,
  });
  const data = alert.data;
  if (alert.isError) return <Alert>{alert.error.message}</Alert>;
  if (!data) return null;
  const { figures } = data;
  if (!data.rebufferAlert && !data.startAlert) {
    return (
      <p role="status" className="qoe-ok">
        過去 15 分鐘播放品質正常（播放 {figures.sessions.toLocaleString('zh-TW')} 次，重新緩衝比例{' '}
        {percent(figures.rebufferRatio)}，起播時間中位數 {seconds(figures.startP50Ms)}）。
      </p>
    );
  }
  return (
    <Alert>
      <strong>播放品質警示（過去 15 分鐘）</strong>
      <ul>
        {data.rebufferAlert && (
          <li>
            重新緩衝比例 {percent(figures.rebufferRatio)}，超過 {percent(QOE_REBUFFER_RATIO_LINE)}
          </li>
        )}
        {data.startAlert && (
          <li>
            起播時間中位數 {seconds(figures.startP50Ms)}，超過 {seconds(QOE_START_P50_LINE_MS)}
          </li>
        )}
      </ul>
    </Alert>
  );
}
